import { CURRENCIES, LANGUAGES } from '@kabuto/contract';
import { describe, expect, it } from 'vitest';
import { currencyMarker, formatMarketMoney, formatMoney, formatMoneyWithSymbol } from './money';

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

  it('keeps every digit of large amounts (no float round trip)', () => {
    expect(formatMoney('90071992547409.93', 'USD', 'us')).toBe('90,071,992,547,409.93');
    expect(formatMoney('12345678901234567', 'JPY', 'jp')).toBe('12,345,678,901,234,567');
  });

  it('never draws yen and yuan with the same marker, in any language', () => {
    for (const language of LANGUAGES) {
      const yen = formatMoneyWithSymbol('1000', 'JPY', language).replace(/[\d.,\s]/g, '');
      const yuan = formatMoneyWithSymbol('1000', 'CNY', language).replace(/[\d.,\s]/g, '');
      expect(yen, language).not.toBe(yuan);
      expect(currencyMarker('JPY', language)).not.toBe(currencyMarker('CNY', language));
    }
  });

  it("marks currencies the reader's way: JP¥ in Chinese, CN¥ in English, 元 in Japanese", () => {
    expect(formatMoneyWithSymbol('30000', 'JPY', 'cn')).toBe('JP¥30,000');
    expect(formatMoneyWithSymbol('88', 'CNY', 'cn')).toBe('¥88.00');
    expect(formatMoneyWithSymbol('30000', 'JPY', 'us')).toBe('¥30,000');
    expect(formatMoneyWithSymbol('88', 'CNY', 'us')).toBe('CN¥88.00');
    expect(formatMoneyWithSymbol('30000', 'JPY', 'jp')).toBe('￥30,000');
    expect(formatMoneyWithSymbol('88', 'CNY', 'jp')).toMatch(/^元\s?88\.00$/);
  });

  it('puts the sign before the currency marker', () => {
    expect(formatMoneyWithSymbol('-500', 'JPY', 'jp', { sign: true })).toBe('-￥500');
    expect(formatMoneyWithSymbol('1', 'USD', 'us', { sign: true })).toBe('+$1.00');
    expect(formatMoneyWithSymbol('0', 'USD', 'us', { sign: true })).toBe('$0.00');
  });

  it('marks every exchange currency', () => {
    for (const language of LANGUAGES)
      for (const currency of CURRENCIES) expect(formatMoneyWithSymbol('1', currency, language)).toMatch(/\D/);
  });
});
