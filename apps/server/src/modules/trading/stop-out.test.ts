import { Decimal, type Direction, type Market } from '@kabuto/contract';
import { marginMinor, pnlMinor, stopOutReached } from '@kabuto/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stopOutLevel } from './stop-out';

const PRICE_STEP: Record<Market, string> = { jpy: '0.1', usd: '0.01', cny: '0.01' };

describe('stop-out level', () => {
  it('agrees with the domain rule on every price of the grid around it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Market>('jpy', 'usd', 'cny'),
        fc.constantFrom<Direction>('long', 'short'),
        fc.integer({ min: 100, max: 500_000 }),
        fc.integer({ min: 1, max: 5_000 }),
        fc.constantFrom(1, 2, 3, 5, 10),
        fc.integer({ min: 1, max: 100 }),
        (market, direction, openSteps, quantity, leverage, percent) => {
          const step = new Decimal(PRICE_STEP[market]);
          const open = step.times(openSteps);
          const margin = marginMinor(market, open, quantity, leverage);
          const level = stopOutLevel({
            market,
            direction,
            openPrice: open,
            quantity,
            marginMinor: margin,
            stopOutPercent: percent,
          });
          // Grid prices on either side of the level.
          const base = level.dividedBy(step).floor();
          for (let k = -2n; k <= 2n; k++) {
            const price = base.plus(Number(k)).times(step);
            if (price.lte(0)) continue;
            const reached = stopOutReached(
              pnlMinor(market, direction, open, price, quantity),
              margin,
              percent,
            );
            const byLevel = direction === 'long' ? price.lte(level) : price.gte(level);
            expect(byLevel).toBe(reached);
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('puts a 2× long of ¥1,000 × 100 at ¥600 with the 80% default', () => {
    // margin ¥50,000; 80% = ¥40,000 loss = ¥400 a share.
    const level = stopOutLevel({
      market: 'jpy',
      direction: 'long',
      openPrice: '1000',
      quantity: 100,
      marginMinor: 50_000,
      stopOutPercent: 80,
    });
    expect(level.toString()).toBe('600.005');
  });
});
