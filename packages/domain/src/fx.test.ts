import { CURRENCIES, type Currency } from '@kabuto/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RuleViolation } from './errors';
import { convertMinor } from './fx';
import { D } from './numeric';

describe('currency exchange', () => {
  it('applies the spread and rounds down to the target minor unit', () => {
    // ¥100,000 at 0.0067 USD/JPY less 50 bps: 0.0067 × 0.995 = 0.0066665 → $666.65.
    expect(
      convertMinor({ amountMinor: 100_000, from: 'JPY', to: 'USD', rate: '0.0067', spreadBps: 50 }),
    ).toEqual({
      toMinor: 66_665,
      appliedRate: '0.0066665',
    });
    // $10.01 at 149.999 less 0 bps = ¥1,501.48… → ¥1,501.
    expect(
      convertMinor({ amountMinor: 1_001, from: 'USD', to: 'JPY', rate: '149.999', spreadBps: 0 }).toMinor,
    ).toBe(1_501);
  });

  it('refuses to exchange a currency for itself', () => {
    const same = () => convertMinor({ amountMinor: 100, from: 'USD', to: 'USD', rate: 1, spreadBps: 0 });
    expect(same).toThrow(RuleViolation);
    expect(same).toThrow(expect.objectContaining({ key: 'same_currency' }));
  });

  it('refuses a non-positive rate or an impossible spread', () => {
    expect(() => convertMinor({ amountMinor: 1, from: 'USD', to: 'JPY', rate: 0, spreadBps: 0 })).toThrow(
      RangeError,
    );
    expect(() =>
      convertMinor({ amountMinor: 1, from: 'USD', to: 'JPY', rate: 150, spreadBps: 10_000 }),
    ).toThrow(RangeError);
  });

  it('property: exchanging and exchanging back never gains money', () => {
    const pair = fc
      .tuple(fc.constantFrom<Currency>(...CURRENCIES), fc.constantFrom<Currency>(...CURRENCIES))
      .filter(([a, b]) => a !== b);
    const rate = fc.integer({ min: 1, max: 10_000_000 }).map((n) => new D(n).dividedBy(10_000));
    fc.assert(
      fc.property(
        pair,
        rate,
        fc.integer({ min: 0, max: 500 }),
        // Up to 10^9 minor units at rates up to 1,000: results stay far inside the safe range.
        fc.integer({ min: 0, max: 1e9 }),
        ([from, to], r, spreadBps, amountMinor) => {
          const there = convertMinor({ amountMinor, from, to, rate: r, spreadBps });
          const back = convertMinor({
            amountMinor: there.toMinor,
            from: to,
            to: from,
            rate: new D(1).dividedBy(r),
            spreadBps,
          });
          expect(back.toMinor).toBeLessThanOrEqual(amountMinor);
        },
      ),
    );
  });
});
