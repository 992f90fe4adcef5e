import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  drawLottery,
  type LotteryInput,
  lotteryInputsText,
  lotterySeed,
  Xoshiro128StarStar,
} from './lottery';
import { sha256Hex } from './sha256';

const input: LotteryInput = {
  seed: 'ipo-42:2026-03-06:public-seed',
  offeredShares: 1_000,
  lotSize: 100,
  applications: [
    { id: 7, quantity: 500 },
    { id: 3, quantity: 1_000 },
    { id: 11, quantity: 300 },
    { id: 5, quantity: 200 },
    { id: 9, quantity: 1_200 },
  ],
};

const copyOf = (lottery: LotteryInput): LotteryInput => ({
  ...lottery,
  applications: lottery.applications.map((a) => ({ ...a })),
});

const applications = fc.uniqueArray(
  fc.record({ id: fc.integer({ min: 1, max: 10_000 }), quantity: fc.integer({ min: 1, max: 5_000 }) }),
  { selector: (a) => a.id, maxLength: 40 },
);
const lotteries = fc.record({
  seed: fc.string(),
  offeredShares: fc.integer({ min: 0, max: 20_000 }),
  lotSize: fc.constantFrom(1, 10, 100),
  applications,
});

describe('xoshiro128**', () => {
  it('reproduces the reference implementation from state {1, 2, 3, 4}', () => {
    const rng = new Xoshiro128StarStar([1, 2, 3, 4]);
    const first = Array.from({ length: 8 }, () => rng.nextUint32());
    expect(first).toEqual([11520, 0, 5927040, 70819200, 2031721883, 1637235492, 1287239034, 3734860849]);
    for (let i = 0; i < 992; i++) rng.nextUint32();
    expect(rng.nextUint32()).toBe(136054147);
  });

  it('refuses the all-zero state', () => {
    expect(() => new Xoshiro128StarStar([0, 0, 0, 0])).toThrow(RangeError);
  });
});

describe('IPO lottery', () => {
  it('gives the same winners for the same seed and inputs', () => {
    expect(drawLottery(input)).toEqual(drawLottery(copyOf(input)));
  });

  it('does not depend on the order applications arrive in', () => {
    const reversed = { ...input, applications: [...input.applications].reverse() };
    expect(drawLottery(reversed)).toEqual(drawLottery(input));
  });

  it('keeps a recorded draw reproducible across releases', () => {
    const result = drawLottery(input);
    expect(result.inputsDigest).toBe(sha256Hex(lotteryInputsText(input)));
    expect(result).toEqual({
      inputsDigest: 'aae5cd3555022970cb5c09c7c4d6b7234dc668db108f1a96d3b42d67f728d3f9',
      winners: [
        { id: 3, allottedShares: 300 },
        { id: 5, allottedShares: 100 },
        { id: 7, allottedShares: 100 },
        { id: 9, allottedShares: 400 },
        { id: 11, allottedShares: 100 },
      ],
    });
  });

  it('depends on the seed', () => {
    const outcomes = new Set(
      Array.from({ length: 20 }, (_, i) =>
        JSON.stringify(drawLottery({ ...input, seed: `seed-${i}` }).winners),
      ),
    );
    expect(outcomes.size).toBeGreaterThan(1);
  });

  it('allots every application in full when undersubscribed', () => {
    const result = drawLottery({ ...input, offeredShares: 100_000 });
    expect(result.winners).toEqual([
      { id: 3, allottedShares: 1_000 },
      { id: 5, allottedShares: 200 },
      { id: 7, allottedShares: 500 },
      { id: 9, allottedShares: 1_200 },
      { id: 11, allottedShares: 300 },
    ]);
  });

  it('never allots part of a lot', () => {
    const result = drawLottery({
      seed: 's',
      offeredShares: 1_000,
      lotSize: 100,
      applications: [
        { id: 1, quantity: 150 },
        { id: 2, quantity: 99 },
      ],
    });
    expect(result.winners).toEqual([{ id: 1, allottedShares: 100 }]);
  });

  it('refuses duplicate applications and bad sizes', () => {
    const twice = [
      { id: 1, quantity: 100 },
      { id: 1, quantity: 100 },
    ];
    expect(() => drawLottery({ ...input, applications: twice })).toThrow(RangeError);
    expect(() => drawLottery({ ...input, lotSize: 0 })).toThrow(RangeError);
    expect(() => drawLottery({ ...input, offeredShares: -1 })).toThrow(RangeError);
  });

  it('gives every lot the same chance', () => {
    // Six tickets (1, 2 and 3 lots), three offered: expected lots won are 0.5, 1 and 1.5.
    const small: LotteryInput = {
      seed: '',
      offeredShares: 3,
      lotSize: 1,
      applications: [
        { id: 1, quantity: 1 },
        { id: 2, quantity: 2 },
        { id: 3, quantity: 3 },
      ],
    };
    const draws = 6_000;
    const totals = new Map<number, number>([
      [1, 0],
      [2, 0],
      [3, 0],
    ]);
    for (let i = 0; i < draws; i++) {
      for (const w of drawLottery({ ...small, seed: `fair-${i}` }).winners) {
        totals.set(w.id, totals.get(w.id)! + w.allottedShares);
      }
    }
    expect(totals.get(1)! / draws).toBeCloseTo(0.5, 1);
    expect(totals.get(2)! / draws).toBeCloseTo(1, 1);
    expect(totals.get(3)! / draws).toBeCloseTo(1.5, 1);
  });

  it('property: allots no more than offered, nor more than applied, in whole lots', () => {
    fc.assert(
      fc.property(lotteries, (lottery) => {
        const { winners } = drawLottery(lottery);
        const applied = new Map(lottery.applications.map((a) => [a.id, a.quantity]));
        const total = winners.reduce((sum, w) => sum + w.allottedShares, 0);
        expect(total).toBeLessThanOrEqual(lottery.offeredShares);
        for (const w of winners) {
          expect(w.allottedShares).toBeLessThanOrEqual(applied.get(w.id)!);
          expect(w.allottedShares % lottery.lotSize).toBe(0);
        }
        const appliedLots = lottery.applications.reduce(
          (sum, a) => sum + Math.floor(a.quantity / lottery.lotSize),
          0,
        );
        const offeredLots = Math.floor(lottery.offeredShares / lottery.lotSize);
        expect(total).toBe(Math.min(appliedLots, offeredLots) * lottery.lotSize);
      }),
    );
  });

  it('property: a re-run reproduces the draw', () => {
    fc.assert(
      fc.property(lotteries, (lottery) => {
        expect(drawLottery(copyOf(lottery))).toEqual(drawLottery(lottery));
      }),
    );
  });
});

describe('the seed of a draw', () => {
  it('is a hash of the share id and the sorted application ids', () => {
    expect(lotterySeed(7, [3, 1, 2])).toBe(sha256Hex('kabuto-ipo-seed/1:7:1,2,3'));
    expect(lotterySeed(7, [1, 2, 3])).toBe(lotterySeed(7, [3, 2, 1]));
    expect(lotterySeed(7, [1, 2, 3])).not.toBe(lotterySeed(8, [1, 2, 3]));
    expect(lotterySeed(7, [1, 2, 3])).not.toBe(lotterySeed(7, [1, 2, 4]));
  });

  it('property: winners are always applicants, within the offer and their quantity, for the derived seed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000 }),
        applications,
        fc.integer({ min: 0, max: 5_000 }),
        (id, apps, offered) => {
          const seed = lotterySeed(
            id,
            apps.map((a) => a.id),
          );
          const { winners } = drawLottery({ seed, offeredShares: offered, lotSize: 1, applications: apps });
          const applied = new Map(apps.map((a) => [a.id, a.quantity]));
          expect(winners.reduce((s, w) => s + w.allottedShares, 0)).toBeLessThanOrEqual(offered);
          for (const w of winners) {
            expect(applied.has(w.id)).toBe(true);
            expect(w.allottedShares).toBeLessThanOrEqual(applied.get(w.id)!);
            expect(Number.isInteger(w.allottedShares)).toBe(true);
          }
        },
      ),
    );
  });
});
