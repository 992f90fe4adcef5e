import { describe, expect, it } from 'vitest';
import { formatMarketMoney, formatMoneyWithSymbol } from './money';

describe('money display', () => {
  it('uses the market currency decimals: none for yen, two for dollars and yuan', () => {
    expect(formatMarketMoney('30000', 'jpy', 'jp')).toBe('30,000');
    expect(formatMarketMoney('1234.5', 'usd', 'us')).toBe('1,234.50');
    expect(formatMarketMoney('88', 'cny', 'cn')).toBe('88.00');
  });

  it('shows an empty, dash or invalid amount as zero', () => {
    expect(formatMarketMoney('-', 'usd', 'us')).toBe('0.00');
    expect(formatMarketMoney('', 'jpy', 'jp')).toBe('0');
    expect(formatMarketMoney(null, 'cny', 'cn')).toBe('0.00');
  });

  it('puts the sign before the currency symbol', () => {
    expect(formatMoneyWithSymbol('-500', 'JPY', 'jp', { sign: true })).toBe('-¥500');
    expect(formatMoneyWithSymbol('1', 'USD', 'us', { sign: true })).toBe('+$1.00');
    expect(formatMoneyWithSymbol('1000', 'HKD', 'us')).toBe('1,000.00 HKD');
  });
});
