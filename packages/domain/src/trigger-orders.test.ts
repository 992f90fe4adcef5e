import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { D } from './numeric';
import {
  entryTriggerSide,
  freezePrice,
  GTC_DAYS,
  gtcExpiry,
  nextBest,
  orderSentence,
  stopLossSide,
  takeProfitSide,
  trailingTrigger,
  trailValid,
  triggerOnItsSide,
  triggerTouched,
} from './trigger-orders';

const jpyPrice = fc.integer({ min: 10, max: 10_000_000 }).map((n) => new D(n).dividedBy(10).toFixed(1));
const sides = fc.constantFrom('rise' as const, 'fall' as const);

describe('trigger sides', () => {
  it('opens a long on a rise and a short on a fall (SPEC §13.2)', () => {
    expect(entryTriggerSide('long')).toBe('rise');
    expect(entryTriggerSide('short')).toBe('fall');
  });

  it('takes profit and stops a loss on opposite sides of a position', () => {
    expect([takeProfitSide('long'), stopLossSide('long')]).toEqual(['rise', 'fall']);
    expect([takeProfitSide('short'), stopLossSide('short')]).toEqual(['fall', 'rise']);
  });

  it('refuses a trigger already touched by the current price', () => {
    expect(triggerOnItsSide('fall', '2700.0', '2850.0')).toBe(true);
    expect(triggerOnItsSide('fall', '2850.0', '2850.0')).toBe(false);
    expect(triggerOnItsSide('fall', '2900.0', '2850.0')).toBe(false);
    expect(triggerOnItsSide('rise', '2900.0', '2850.0')).toBe(true);
    expect(triggerOnItsSide('rise', '2800.0', '2850.0')).toBe(false);
  });

  it('a valid trigger is not touched by the price it was checked against, and is touched at its level', () => {
    fc.assert(
      fc.property(sides, jpyPrice, jpyPrice, (side, level, current) => {
        if (!triggerOnItsSide(side, level, current)) return;
        expect(triggerTouched(side, level, current)).toBe(false);
        expect(triggerTouched(side, level, level)).toBe(true);
      }),
    );
  });
});

describe('trails', () => {
  it('accepts a positive percentage up to 50 % and refuses zero or more', () => {
    expect(trailValid('jpy', { percent: '5' }, '2850.0')).toBe(true);
    expect(trailValid('jpy', { percent: '50' }, '2850.0')).toBe(true);
    expect(trailValid('jpy', { percent: '50.01' }, '2850.0')).toBe(false);
    expect(trailValid('jpy', { percent: '0' }, '2850.0')).toBe(false);
    expect(trailValid('jpy', { percent: '-1' }, '2850.0')).toBe(false);
  });

  it('accepts an amount on the price grid up to half the price', () => {
    expect(trailValid('jpy', { amount: '50.0' }, '2850.0')).toBe(true);
    expect(trailValid('jpy', { amount: '50.05' }, '2850.0')).toBe(false);
    expect(trailValid('jpy', { amount: '0' }, '2850.0')).toBe(false);
    expect(trailValid('jpy', { amount: '1425.1' }, '2850.0')).toBe(false);
  });

  it("follows moomoo's formulas, rounded away from the best price", () => {
    expect(trailingTrigger('jpy', 'fall', '2850.0', { amount: '50' })).toBe('2800.0');
    expect(trailingTrigger('jpy', 'rise', '2850.0', { amount: '50' })).toBe('2900.0');
    expect(trailingTrigger('jpy', 'fall', '2850.0', { percent: '5' })).toBe('2707.5');
    expect(trailingTrigger('usd', 'fall', '228.50', { percent: '3' })).toBe('221.64'); // 221.645 down
    expect(trailingTrigger('usd', 'rise', '228.50', { percent: '3' })).toBe('235.36'); // 235.355 up
  });

  it('never moves back: the trigger after any sequence of prices is monotonic and follows the best', () => {
    fc.assert(
      fc.property(
        sides,
        jpyPrice,
        fc.array(jpyPrice, { maxLength: 40 }),
        fc.oneof(
          fc.integer({ min: 1, max: 5000 }).map((n) => ({ percent: new D(n).dividedBy(100).toFixed() })),
          fc.integer({ min: 1, max: 100 }).map((n) => ({ amount: new D(n).dividedBy(10).toFixed(1) })),
        ),
        (side, start, prices, trail) => {
          let best = start;
          let trigger = trailingTrigger('jpy', side, best, trail);
          for (const p of prices) {
            best = nextBest(side, best, p);
            const next = trailingTrigger('jpy', side, best, trail);
            if (side === 'fall') expect(new D(next).gte(trigger)).toBe(true);
            else expect(new D(next).lte(trigger)).toBe(true);
            trigger = next;
          }
          // The trigger stays at least the trail away from the best price.
          const gap = new D(best).minus(trigger).abs();
          const want =
            'amount' in trail ? new D(trail.amount) : new D(best).times(trail.percent).dividedBy(100);
          expect(gap.gte(want.toDecimalPlaces(1, D.ROUND_FLOOR))).toBe(true);
        },
      ),
    );
  });
});

describe('money and validity', () => {
  it('freezes at the worse (higher) of trigger and limit', () => {
    expect(freezePrice('2700.0', null)).toBe('2700');
    expect(freezePrice('2700.0', '2690.0')).toBe('2700');
    expect(freezePrice('2700.0', '2710.0')).toBe('2710');
  });

  it('expires a GTC order 30 calendar days after placement', () => {
    const placed = new Date('2026-03-03T01:00:00Z');
    expect(gtcExpiry(placed).toISOString()).toBe('2026-04-02T01:00:00.000Z');
    expect(GTC_DAYS).toBe(30);
  });
});

describe('the preview sentence', () => {
  it('says a short stop sells at market when the price falls to the trigger', () => {
    expect(
      orderSentence({
        direction: 'short',
        orderType: 'stop',
        quantity: 100,
        price: null,
        trigger: '2700.0',
        trail: null,
      }),
    ).toEqual({
      when: 'fall',
      trigger: '2700.0',
      trail: null,
      action: 'sell',
      quantity: 100,
      at: 'market',
      limit: null,
    });
  });

  it('says a long stop-limit buys at its limit when the price rises to the trigger', () => {
    expect(
      orderSentence({
        direction: 'long',
        orderType: 'stop_limit',
        quantity: 10,
        price: '2910.0',
        trigger: '2900.0',
        trail: null,
      }),
    ).toMatchObject({ when: 'rise', action: 'buy', at: 'limit', limit: '2910.0', trigger: '2900.0' });
  });

  it('says a market order is sent now', () => {
    expect(
      orderSentence({
        direction: 'long',
        orderType: 'market',
        quantity: 1,
        price: null,
        trigger: null,
        trail: null,
      }),
    ).toMatchObject({ when: 'now', at: 'market', trigger: null });
  });
});
