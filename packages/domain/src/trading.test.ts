import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { D } from './numeric';
import {
  canClose,
  feeMinor,
  limitOrderCrosses,
  marginMinor,
  notionalMinor,
  pnlMinor,
  settleClose,
  stopOutReached,
} from './trading';

const markets = fc.constantFrom('jpy' as const, 'usd' as const, 'cny' as const);
/** Prices on each market's grid, as strings. */
const price = (market: 'jpy' | 'usd' | 'cny') =>
  fc
    .integer({ min: 1, max: 100_000_000 })
    .map((n) => new D(n).dividedBy(market === 'jpy' ? 10 : 100).toFixed());
const quantity = fc.integer({ min: 1, max: 100_000 });
const leverage = fc.constantFrom(1, 2, 3, 5, 10);

describe('order money', () => {
  it('computes notional in minor units', () => {
    expect(notionalMinor('jpy', '1234.5', 100)).toBe(123_450);
    expect(notionalMinor('jpy', '100.5', 1)).toBe(101); // half-up to the yen
    expect(notionalMinor('usd', '187.23', 10)).toBe(187_230);
    expect(notionalMinor('cny', '10.55', 3)).toBe(3_165);
  });

  it('rounds margin up', () => {
    expect(marginMinor('jpy', '1000', 100, 3)).toBe(33_334);
    expect(marginMinor('usd', '10.01', 1, 2)).toBe(501);
    expect(marginMinor('jpy', '100.3', 1, 1)).toBe(100);
  });

  it('charges a fee of the rate rounded up, at least the minimum', () => {
    expect(feeMinor(1_000_000, 5, 0)).toBe(500);
    expect(feeMinor(1_000_001, 5, 0)).toBe(501);
    expect(feeMinor(10_000, 5, 100)).toBe(100);
    expect(feeMinor(0, 5, 0)).toBe(0);
  });

  it('refuses zero or fractional quantities', () => {
    expect(() => notionalMinor('jpy', '100', 0)).toThrow(RangeError);
    expect(() => notionalMinor('jpy', '100', 1.5)).toThrow(RangeError);
    expect(() => marginMinor('jpy', '100', 1, 0)).toThrow(RangeError);
  });

  it('property: margin × leverage covers the notional', () => {
    fc.assert(
      fc.property(
        markets.chain((m) => fc.tuple(fc.constant(m), price(m))),
        quantity,
        leverage,
        ([market, p], q, lev) => {
          const margin = marginMinor(market, p, q, lev);
          expect(margin * lev).toBeGreaterThanOrEqual(notionalMinor(market, p, q));
          expect((margin - 1) * lev).toBeLessThan(notionalMinor(market, p, q));
        },
      ),
    );
  });

  it('property: the fee is at least the minimum and at least the rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 10_000 }),
        (notional, bps, min) => {
          const fee = feeMinor(notional, bps, min);
          expect(fee).toBeGreaterThanOrEqual(min);
          expect(fee * 10_000).toBeGreaterThanOrEqual(notional * bps);
        },
      ),
    );
  });
});

describe('profit and loss', () => {
  it('follows the direction', () => {
    expect(pnlMinor('jpy', 'long', '1000', '1010', 100)).toBe(1_000);
    expect(pnlMinor('jpy', 'short', '1000', '1010', 100)).toBe(-1_000);
    expect(pnlMinor('usd', 'long', '10.00', '9.50', 3)).toBe(-150);
    expect(pnlMinor('jpy', 'long', '100', '100', 5)).toBe(0);
    expect(Object.is(pnlMinor('jpy', 'short', '100', '100', 5), 0)).toBe(true);
  });

  it('rounds the magnitude half-up on both sides', () => {
    expect(pnlMinor('jpy', 'long', '100.0', '100.5', 1)).toBe(1);
    expect(pnlMinor('jpy', 'long', '100.5', '100.0', 1)).toBe(-1);
    expect(pnlMinor('jpy', 'short', '100.0', '100.5', 1)).toBe(-1);
  });

  it('property: long and short of the same trade mirror exactly', () => {
    fc.assert(
      fc.property(
        markets.chain((m) => fc.tuple(fc.constant(m), price(m), price(m))),
        quantity,
        ([market, open, current], q) => {
          expect(pnlMinor(market, 'long', open, current, q)).toBe(
            -pnlMinor(market, 'short', open, current, q) || 0,
          );
        },
      ),
    );
  });

  it('stops out when the loss reaches 80% of the margin', () => {
    expect(stopOutReached(-799, 1_000)).toBe(false);
    expect(stopOutReached(-800, 1_000)).toBe(true);
    expect(stopOutReached(-500, 1_000, 50)).toBe(true);
    expect(stopOutReached(500, 1_000)).toBe(false);
    expect(stopOutReached(0, 0)).toBe(false);
  });
});

describe('closing', () => {
  it('books a loss within the margin to the user', () => {
    expect(settleClose({ marginMinor: 1_000, pnlMinor: -600 })).toEqual({
      releaseMarginMinor: 1_000,
      userPnlMinor: -600,
      houseAbsorbsMinor: 0,
    });
  });

  it('caps the user loss at the margin and books the rest to the house', () => {
    expect(settleClose({ marginMinor: 1_000, pnlMinor: -1_250 })).toEqual({
      releaseMarginMinor: 1_000,
      userPnlMinor: -1_000,
      houseAbsorbsMinor: 250,
    });
  });

  it('property: user share plus house share equals the market P&L', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: -2e12, max: 2e12 }), (margin, pnl) => {
        const s = settleClose({ marginMinor: margin, pnlMinor: pnl });
        expect(s.userPnlMinor - s.houseAbsorbsMinor).toBe(pnl);
        expect(s.userPnlMinor).toBeGreaterThanOrEqual(-margin);
        expect(s.houseAbsorbsMinor).toBeGreaterThanOrEqual(0);
        expect(s.releaseMarginMinor).toBe(margin);
      }),
    );
  });

  it('refuses a same-day close in China outside day trading', () => {
    expect(canClose('cny', 'normal', '2026-03-06', '2026-03-06')).toBe(false);
    expect(canClose('cny', 'normal', '2026-03-06', '2026-03-09')).toBe(true);
    expect(canClose('cny', 'day', '2026-03-06', '2026-03-06')).toBe(true);
    expect(canClose('jpy', 'normal', '2026-03-06', '2026-03-06')).toBe(true);
    expect(canClose('usd', 'normal', '2026-03-06', '2026-03-06')).toBe(true);
  });

  it('fills limit orders when the market trades through the limit', () => {
    expect(limitOrderCrosses('long', '100', '99.9')).toBe(true);
    expect(limitOrderCrosses('long', '100', '100')).toBe(true);
    expect(limitOrderCrosses('long', '100', '100.1')).toBe(false);
    expect(limitOrderCrosses('short', '100', '100.1')).toBe(true);
    expect(limitOrderCrosses('short', '100', '100')).toBe(true);
    expect(limitOrderCrosses('short', '100', '99.9')).toBe(false);
  });
});
