import { describe, expect, it } from 'vitest';
import {
  DEPOSIT_CURRENCIES,
  decimalMinor,
  defaultCurrency,
  limitsFromConfig,
  walletBalance,
} from './currency';

describe('wallet currencies', () => {
  it('offers deposits in the markets’ currencies, Japan first', () => {
    expect(DEPOSIT_CURRENCIES).toEqual(['JPY', 'USD', 'CNY']);
  });

  it('starts with the selected market’s currency', () => {
    expect(defaultCurrency('usd', ['JPY', 'USD', 'CNY'])).toBe('USD');
    expect(defaultCurrency('cny', ['JPY'])).toBe('JPY');
  });

  it('reads per-currency limits from the config', () => {
    expect(limitsFromConfig('{"JPY":30000,"USD":20000,"XXX":5,"CNY":"bad"}')).toEqual({
      JPY: 30_000,
      USD: 20_000,
    });
    expect(limitsFromConfig('not json')).toEqual({});
    expect(limitsFromConfig(undefined)).toEqual({});
  });

  it('converts wire decimals to minor units', () => {
    expect(decimalMinor('1000', 'JPY')).toBe(1000);
    expect(decimalMinor('10.00', 'USD')).toBe(1000);
    expect(decimalMinor(undefined, 'USD')).toBeNull();
  });

  it('finds a wallet balance in the user info', () => {
    expect(walletBalance({ jpy: '120000', usd: '5.00' }, 'USD')).toBe('5.00');
    expect(walletBalance({}, 'KRW')).toBe('0');
  });
});
