import { describe, expect, it } from 'vitest';
import { consolidatedTotal } from './consolidate';

const RATES = [
  { from: 'USD', to: 'JPY', mid: '150' },
  { from: 'CNY', to: 'JPY', mid: '20.5' },
  { from: 'JPY', to: 'USD', mid: '0.0066667' },
] as const;

describe('consolidated total of every wallet', () => {
  it('adds every wallet converted at the mid rate into the display currency', () => {
    expect(
      consolidatedTotal(
        [
          { currency: 'JPY', totalAssets: '1000000' },
          { currency: 'USD', totalAssets: '100.50' },
          { currency: 'CNY', totalAssets: '10.00' },
        ],
        RATES,
        'JPY',
      ),
    ).toBe('1015280');
  });

  it('uses the reverse pair when only that one is quoted, rounded to the display decimals', () => {
    expect(consolidatedTotal([{ currency: 'CNY', totalAssets: '41.00' }], RATES, 'CNY')).toBe('41.00');
    expect(
      consolidatedTotal(
        [{ currency: 'CNY', totalAssets: '41.00' }],
        [{ from: 'JPY', to: 'CNY', mid: '0.05' }],
        'JPY',
      ),
    ).toBe('820');
  });

  it('is unknown, not smaller, when a wallet has no rate', () => {
    expect(consolidatedTotal([{ currency: 'HKD', totalAssets: '5' }], RATES, 'JPY')).toBeNull();
  });
});
