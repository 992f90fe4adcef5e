import { describe, expect, it } from 'vitest';
import { accountProblem, isRegisterField, passwordProblem } from './validation';

describe('account rules', () => {
  it('asks English users for a ten-digit mobile number', () => {
    expect(accountProblem('0901234567', 'us')).toBeNull();
    expect(accountProblem('090123456', 'us')).toBe('phone');
    expect(accountProblem('alice123', 'us')).toBe('phone');
  });

  it('asks Chinese and Japanese users for 6 to 20 letters or digits', () => {
    expect(accountProblem('alice1', 'jp')).toBeNull();
    expect(accountProblem('a'.repeat(20), 'cn')).toBeNull();
    expect(accountProblem('alice', 'jp')).toBe('letters');
    expect(accountProblem('a'.repeat(21), 'cn')).toBe('letters');
    expect(accountProblem('alice_01', 'jp')).toBe('letters');
  });

  it('reports an empty account as missing rather than malformed', () => {
    expect(accountProblem('   ', 'us')).toBe('required');
  });
});

describe('password rules', () => {
  it('needs 6 to 64 characters', () => {
    expect(passwordProblem('')).toBe('required');
    expect(passwordProblem('12345')).toBe('short');
    expect(passwordProblem('123456')).toBeNull();
    expect(passwordProblem('x'.repeat(65))).toBe('long');
  });
});

describe('server field mapping', () => {
  it('knows which server fields belong to the register form', () => {
    expect(isRegisterField('invite_code')).toBe(true);
    expect(isRegisterField('type')).toBe(false);
    expect(isRegisterField(undefined)).toBe(false);
  });
});
