import { describe, expect, it } from 'vitest';
import { amountForWire, amountMinor, amountProblem, normalizeAmount } from './amount';

describe('amount as typed', () => {
  it('accepts full-width digits and thousands separators from Asian keyboards', () => {
    expect(normalizeAmount('３０，０００')).toBe('30000');
    expect(normalizeAmount(' 1,234.50 ')).toBe('1234.50');
    expect(amountMinor('３０，０００', 'JPY')).toBe(30_000);
  });

  it('reads an empty or zero amount as missing', () => {
    expect(amountProblem('', 'JPY')).toBe('required');
    expect(amountProblem('   ', 'USD')).toBe('required');
    expect(amountProblem('0', 'USD')).toBe('required');
    expect(amountProblem(undefined, 'USD')).toBe('required');
  });

  it('rejects text that is not a plain positive number', () => {
    expect(amountProblem('abc', 'JPY')).toBe('invalid');
    expect(amountProblem('-5', 'JPY')).toBe('invalid');
    expect(amountProblem('1e5', 'JPY')).toBe('invalid');
    expect(amountProblem('1.2.3', 'USD')).toBe('invalid');
  });

  it('allows no decimals in yen, won and dong and two in dollars and yuan', () => {
    expect(amountProblem('30000.5', 'JPY')).toBe('decimals');
    expect(amountProblem('1000.1', 'KRW')).toBe('decimals');
    expect(amountProblem('1000.1', 'VND')).toBe('decimals');
    expect(amountProblem('200.25', 'USD')).toBeNull();
    expect(amountProblem('200.255', 'USD')).toBe('decimals');
    expect(amountProblem('1500.10', 'CNY')).toBeNull();
  });

  it('treats trailing zero decimals as harmless', () => {
    expect(amountProblem('30000.00', 'JPY')).toBeNull();
    expect(amountForWire('30,000.00', 'JPY')).toBe('30000');
    expect(amountForWire('12.500', 'USD')).toBe('12.50');
  });

  it('rejects a withdrawal below ¥30,000 and above the maximum', () => {
    const limits = { minMinor: 30_000, maxMinor: 50_000_000 };
    expect(amountProblem('29999', 'JPY', limits)).toBe('below');
    expect(amountProblem('30000', 'JPY', limits)).toBeNull();
    expect(amountProblem('50000001', 'JPY', limits)).toBe('above');
  });

  it('compares limits in minor units for currencies with decimals', () => {
    expect(amountProblem('199.99', 'USD', { minMinor: 200_00 })).toBe('below');
    expect(amountProblem('200.00', 'USD', { minMinor: 200_00 })).toBeNull();
  });
});
