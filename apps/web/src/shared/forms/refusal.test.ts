import { describe, expect, it } from 'vitest';
import { fieldOfRefusal } from './refusal';

describe('refusals under form fields', () => {
  it('uses the field the server names when the form has it', () => {
    expect(fieldOfRefusal('bad_request', 'amount', ['amount', 'fund_password'])).toBe('amount');
    expect(fieldOfRefusal('file_invalid', 'receipt', ['amount', 'receipt'])).toBe('receipt');
  });

  it('places refusals that always concern one field', () => {
    expect(fieldOfRefusal('fund_password_wrong', undefined, ['amount', 'fund_password'])).toBe(
      'fund_password',
    );
    expect(fieldOfRefusal('balance_insufficient', undefined, ['amount'])).toBe('amount');
  });

  it('leaves account-wide refusals to a toast', () => {
    expect(fieldOfRefusal('pending_review', undefined, ['amount'])).toBeNull();
    expect(fieldOfRefusal('bad_request', 'channel', ['amount'])).toBeNull();
  });

  it('places any amount or fund password key under that field', () => {
    expect(fieldOfRefusal('amount_invalid', undefined, ['amount', 'fund_password'])).toBe('amount');
    expect(fieldOfRefusal('fund_password_locked', undefined, ['amount', 'fund_password'])).toBe(
      'fund_password',
    );
    expect(fieldOfRefusal('amount_invalid', undefined, ['fund_password'])).toBeNull();
  });

  it("takes a page's own field for a key before the usual one", () => {
    const keyFields = { balance_insufficient: 'lots', locked_out: 'fund_password' };
    expect(fieldOfRefusal('balance_insufficient', undefined, ['lots', 'fund_password'], keyFields)).toBe(
      'lots',
    );
    expect(fieldOfRefusal('locked_out', undefined, ['lots', 'fund_password'], keyFields)).toBe(
      'fund_password',
    );
    expect(fieldOfRefusal('locked_out', undefined, ['lots', 'fund_password'])).toBeNull();
  });
});
