import { describe, expect, it } from 'vitest';
import { signOf } from './sign';

describe('sign of an amount', () => {
  it('reads positive, negative and zero amounts', () => {
    expect(signOf('30000')).toBe(1);
    expect(signOf('-30000.00')).toBe(-1);
    expect(signOf('0.00')).toBe(0);
    expect(signOf('-0')).toBe(0);
  });

  it('has no sign for text that is not a number', () => {
    expect(signOf('-')).toBeNull();
    expect(signOf(null)).toBeNull();
  });
});
