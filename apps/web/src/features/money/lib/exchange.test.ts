import { describe, expect, it } from 'vitest';
import { exchangePreview, findRate, formatRate } from './exchange';

describe('exchange preview', () => {
  it('converts at the customer rate and rounds down to cents', () => {
    // ¥10,000 at 0.006623978950615 USD per yen = $66.2397… → $66.23
    expect(exchangePreview('10000', 'JPY', 'USD', '0.006623978950615')).toEqual({
      fromMinor: 10_000,
      toMinor: 66_23,
      toAmount: '66.23',
    });
  });

  it('rounds down to whole yen', () => {
    expect(exchangePreview('1.00', 'USD', 'JPY', '149.2537')?.toAmount).toBe('149');
  });

  it('has no preview without a valid amount or rate, or for the same currency', () => {
    expect(exchangePreview('', 'JPY', 'USD', '0.0066')).toBeNull();
    expect(exchangePreview('10.5', 'JPY', 'USD', '0.0066')).toBeNull();
    expect(exchangePreview('100', 'JPY', 'USD', null)).toBeNull();
    expect(exchangePreview('100', 'JPY', 'USD', 'x')).toBeNull();
    expect(exchangePreview('100', 'JPY', 'JPY', '1')).toBeNull();
  });

  it('finds the rate of a pair', () => {
    const list = [{ from: 'JPY', to: 'USD', mid: '0.0066', rate: '0.0065' }] as const;
    expect(findRate([...list], 'JPY', 'USD')?.rate).toBe('0.0065');
    expect(findRate([...list], 'USD', 'JPY')).toBeNull();
  });

  it('shows rates with six significant digits', () => {
    expect(formatRate('0.006623978950615')).toBe('0.00662398');
    expect(formatRate('167.904843667')).toBe('167.905');
    expect(formatRate(undefined)).toBe('—');
  });
});
