import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  basketStrategy,
  equityCurve,
  holdingCashMinor,
  meanReversionStrategy,
  mirrorPlanner,
  mirrorQuantity,
  performanceOf,
  type StrategyBar,
  sampleCurve,
  trendStrategy,
} from './copy';
import { feeMinor, marginMinor, notionalMinor } from './trading';

const bars = (closes: number[]): StrategyBar[] =>
  closes.map((close, i) => ({ day: `2026-01-${String(i + 1).padStart(2, '0')}`, close: close.toFixed(1) }));

/** A leader's fill and the order terms a mirrored order is planned from, for the properties. */
const FILL_FACTS = {
  market: fc.constantFrom('jpy' as const, 'usd' as const, 'cny' as const),
  leaderQuantity: fc.integer({ min: 1, max: 1_000_000 }),
  leaderEquityMinor: fc.integer({ min: 1, max: 1e12 }),
  priceUnits: fc.integer({ min: 1, max: 10_000_000 }),
  leverage: fc.constantFrom(1, 2, 5),
  feeRateBps: fc.integer({ min: 0, max: 100 }),
  minFeeMinor: fc.integer({ min: 0, max: 1_000 }),
};

describe('strategies', () => {
  it('trend following buys when the fast average crosses above the slow one and sells when it falls below', () => {
    const strategy = trendStrategy(['A'], 2, 4);
    const rising = bars([100, 100, 100, 110]);
    expect(
      strategy.decide({ bars: { A: rising }, holdings: {}, equityMinor: 1_000_000, market: 'jpy' }),
    ).toEqual([{ code: 'A', side: 'buy', quantity: 8181 }]);
    const falling = bars([110, 110, 110, 90]);
    expect(
      strategy.decide({ bars: { A: falling }, holdings: { A: 10 }, equityMinor: 1_000_000, market: 'jpy' }),
    ).toEqual([{ code: 'A', side: 'sell', quantity: 10 }]);
  });

  it('mean reversion buys a close far below its average and sells at the average', () => {
    const strategy = meanReversionStrategy(['A'], 5, 1);
    const dip = bars([100, 101, 99, 100, 80]);
    expect(strategy.decide({ bars: { A: dip }, holdings: {}, equityMinor: 100_000, market: 'jpy' })).toEqual([
      { code: 'A', side: 'buy', quantity: 1125 },
    ]);
    const back = bars([100, 101, 99, 100, 101]);
    expect(
      strategy.decide({ bars: { A: back }, holdings: { A: 5 }, equityMinor: 100_000, market: 'jpy' }),
    ).toEqual([{ code: 'A', side: 'sell', quantity: 5 }]);
  });

  it('the basket buys to weight when empty and rebalances only on a new month', () => {
    const strategy = basketStrategy({ A: 3, B: 1 });
    const day = (d: string, close: string) => ({ day: d, close });
    const input = {
      bars: { A: [day('2026-01-30', '100.0')], B: [day('2026-01-30', '50.0')] },
      holdings: {},
      equityMinor: 100_000,
      market: 'jpy' as const,
    };
    expect(strategy.decide(input)).toEqual([
      { code: 'A', side: 'buy', quantity: 712 },
      { code: 'B', side: 'buy', quantity: 475 },
    ]);
    const sameMonth = {
      A: [day('2026-01-29', '100.0'), day('2026-01-30', '120.0')],
      B: [day('2026-01-29', '50.0'), day('2026-01-30', '50.0')],
    };
    expect(strategy.decide({ ...input, bars: sameMonth, holdings: { A: 712, B: 475 } })).toEqual([]);
    const newMonth = {
      A: [day('2026-01-30', '100.0'), day('2026-02-02', '120.0')],
      B: [day('2026-01-30', '50.0'), day('2026-02-02', '50.0')],
    };
    expect(strategy.decide({ ...input, bars: newMonth, holdings: { A: 712, B: 475 } })).toEqual([
      { code: 'A', side: 'sell', quantity: 712 },
      { code: 'A', side: 'buy', quantity: 593 },
    ]);
  });

  it("the basket rebalances on the calendar's first trading day of the month, whatever bars are missing", () => {
    const strategy = basketStrategy({ A: 3, B: 1 });
    const day = (d: string, close: string) => ({ day: d, close });
    const held = { A: 712, B: 475 };
    const decide = (days: string[]) =>
      strategy.decide({
        bars: { A: days.map((d) => day(d, '120.0')), B: days.map((d) => day(d, '50.0')) },
        holdings: held,
        equityMinor: 100_000,
        market: 'jpy',
      });
    // Tuesday 1 December 2026 is the first trading day: it rebalances, with or without the bar before.
    expect(decide(['2026-11-30', '2026-12-01'])).toEqual([
      { code: 'A', side: 'sell', quantity: 712 },
      { code: 'A', side: 'buy', quantity: 593 },
    ]);
    expect(decide(['2026-12-01'])).toHaveLength(2);
    // Wednesday 2 December is not, even when the bar of the 1st is missing.
    expect(decide(['2026-11-30', '2026-12-02'])).toEqual([]);
    // After the New Year holidays, Monday 4 January 2027 is the first trading day.
    expect(decide(['2026-12-30', '2027-01-04'])).toHaveLength(2);
  });

  it('decides the same orders from the same bars', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 10, max: 10_000 }), { minLength: 25, maxLength: 60 }),
        (closes) => {
          for (const make of [() => trendStrategy(['A']), () => meanReversionStrategy(['A'])]) {
            const input = {
              bars: { A: bars(closes) },
              holdings: {},
              equityMinor: 5_000_000,
              market: 'jpy' as const,
            };
            expect(make().decide(input)).toEqual(make().decide(input));
          }
        },
      ),
    );
  });
});

describe('performance', () => {
  it('computes total return, drawdown and daily returns of a curve', () => {
    const curve = [100, 120, 90, 108].map((equityMinor, i) => ({ day: `d${i}`, equityMinor }));
    const p = performanceOf(curve);
    expect(p.totalReturn).toBeCloseTo(0.08);
    expect(p.maxDrawdown).toBeCloseTo(0.25);
    expect(p.dailyReturns.map((r) => Number(r.toFixed(4)))).toEqual([0.2, -0.25, 0.2]);
    expect(p.drawdowns.map((d) => Number(d.toFixed(2)))).toEqual([0, 0, -0.25, -0.1]);
  });

  it('compounding the daily returns gives the total return; drawdown lies in [0, 1)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 1, maxLength: 80 }),
        (values) => {
          const p = performanceOf(values.map((equityMinor, i) => ({ day: String(i), equityMinor })));
          const compounded = p.dailyReturns.reduce((acc, r) => acc * (1 + r), 1) - 1;
          expect(Math.abs(compounded - p.totalReturn)).toBeLessThanOrEqual(
            1e-9 * Math.max(1, Math.abs(p.totalReturn)),
          );
          expect(p.maxDrawdown).toBeGreaterThanOrEqual(0);
          expect(p.maxDrawdown).toBeLessThan(1);
          expect(p.volatility).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('values the positions open at each close on top of the cash', () => {
    const curve = equityCurve({
      days: ['d1', 'd2', 'd3'],
      cashAt: (day) => ({ d1: 1000, d2: 500, d3: 1100 })[day]!,
      positions: [{ code: 'A', quantity: 5, openedDay: 'd2', closedDay: 'd3' }],
      valueAt: (p, day) => p.quantity * ({ d1: 100, d2: 110, d3: 120 }[day] ?? 0),
    });
    expect(curve.map((p) => p.equityMinor)).toEqual([1000, 1050, 1100]);
  });

  it('samples a curve keeping its ends', () => {
    const curve = Array.from({ length: 100 }, (_, i) => i);
    const sample = sampleCurve(curve, 10);
    expect(sample).toHaveLength(10);
    expect(sample[0]).toBe(0);
    expect(sample.at(-1)).toBe(99);
  });
});

describe('mirroring', () => {
  const base = {
    market: 'jpy' as const,
    leverage: 1,
    feeRateBps: 10,
    minFeeMinor: 100,
  };

  it('scales the leader quantity by amount ÷ leader equity in whole shares', () => {
    expect(
      mirrorQuantity({
        ...base,
        leaderQuantity: 1000,
        leaderEquityMinor: 10_000_000,
        amountMinor: 1_000_000,
        cashMinor: 1_000_000,
        price: '2850.0',
      }),
    ).toEqual({ quantity: 100, marginMinor: 285_000, feeMinor: 285 });
  });

  it('buys fewer shares when the cash cannot afford the scaled quantity, none when not even one', () => {
    const plan = mirrorQuantity({
      ...base,
      leaderQuantity: 1000,
      leaderEquityMinor: 10_000_000,
      amountMinor: 1_000_000,
      cashMinor: 100_000,
      price: '2850.0',
    });
    expect(plan.quantity).toBe(35);
    expect(plan.marginMinor + plan.feeMinor).toBeLessThanOrEqual(100_000);
    expect(
      mirrorQuantity({
        ...base,
        leaderQuantity: 1000,
        leaderEquityMinor: 10_000_000,
        amountMinor: 1_000_000,
        cashMinor: 2_000,
        price: '2850.0',
      }).quantity,
    ).toBe(0);
  });

  it('never exceeds what the holding can afford, nor the scaled quantity, and takes the most that fits', () => {
    fc.assert(
      fc.property(
        fc.record({
          ...FILL_FACTS,
          amountMinor: fc.integer({ min: 1, max: 1e11 }),
          cashMinor: fc.integer({ min: 0, max: 1e11 }),
        }),
        (r) => {
          const price = (r.priceUnits / 100).toFixed(2);
          const input = { ...r, price };
          const plan = mirrorQuantity(input);
          const scaled = Math.floor((r.leaderQuantity * r.amountMinor) / r.leaderEquityMinor);
          expect(Number.isInteger(plan.quantity)).toBe(true);
          expect(plan.quantity).toBeGreaterThanOrEqual(0);
          expect(plan.quantity).toBeLessThanOrEqual(scaled);
          expect(plan.marginMinor + plan.feeMinor).toBeLessThanOrEqual(r.cashMinor);
          if (plan.quantity > 0) {
            expect(plan.marginMinor).toBe(marginMinor(r.market, price, plan.quantity, r.leverage));
            expect(plan.feeMinor).toBe(
              feeMinor(notionalMinor(r.market, price, plan.quantity), r.feeRateBps, r.minFeeMinor),
            );
          }
          if (plan.quantity < scaled) {
            const next = plan.quantity + 1;
            const cost =
              marginMinor(r.market, price, next, r.leverage) +
              feeMinor(notionalMinor(r.market, price, next), r.feeRateBps, r.minFeeMinor);
            expect(cost).toBeGreaterThan(r.cashMinor);
          }
        },
      ),
    );
  });

  it('a planner for one fill answers, holding after holding, what mirrorQuantity answers for each', () => {
    fc.assert(
      fc.property(
        fc.record(FILL_FACTS),
        fc.array(
          fc.record({
            amountMinor: fc.integer({ min: 0, max: 1e11 }),
            cashMinor: fc.integer({ min: 0, max: 1e11 }),
          }),
          { maxLength: 30 },
        ),
        (r, holdings) => {
          const terms = { ...r, price: (r.priceUnits / 100).toFixed(2) };
          const plan = mirrorPlanner(terms);
          for (const h of holdings)
            expect(plan(h.amountMinor, h.cashMinor)).toEqual(mirrorQuantity({ ...terms, ...h }));
        },
      ),
    );
  });

  it("a holding's value is its amount plus the P&L of its mirrored fills minus their fees", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e10 }),
        fc.array(
          fc.record({
            open: fc.boolean(),
            marginMinor: fc.integer({ min: 0, max: 1e8 }),
            feeMinor: fc.integer({ min: 0, max: 1e5 }),
            pnl: fc.integer({ min: -1e8, max: 1e8 }),
            closeFee: fc.integer({ min: 0, max: 1e5 }),
          }),
          { maxLength: 30 },
        ),
        (amount, fills) => {
          const positions = fills.map((f) => ({
            open: f.open,
            marginMinor: f.marginMinor,
            feeMinor: f.feeMinor,
            realisedPnlMinor: f.open ? null : f.pnl,
            closeFeeMinor: f.open ? null : f.closeFee,
          }));
          const cash = holdingCashMinor(amount, positions);
          const openMargin = fills.filter((f) => f.open).reduce((s, f) => s + f.marginMinor, 0);
          const pnl = fills.filter((f) => !f.open).reduce((s, f) => s + f.pnl, 0);
          const fees = fills.reduce((s, f) => s + f.feeMinor + (f.open ? 0 : f.closeFee), 0);
          // Value = cash + margin still in open positions; profit = realised P&L − every fee.
          expect(cash + openMargin - amount).toBe(pnl - fees);
        },
      ),
    );
  });
});
