import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockApplicationRefusal, blockProductState } from './block';

describe('block product state (SPEC §6.5)', () => {
  it('follows the window: upcoming, open, closed', () => {
    expect(blockProductState(100, 200, 99)).toBe('upcoming');
    expect(blockProductState(100, 200, 100)).toBe('open');
    expect(blockProductState(100, 200, 199)).toBe('open');
    expect(blockProductState(100, 200, 200)).toBe('closed');
  });

  it('never goes back: later instants are never in an earlier state', () => {
    const order = { upcoming: 0, open: 1, closed: 2 };
    fc.assert(
      fc.property(fc.nat(1e6), fc.nat(1e6), fc.nat(2e6), fc.nat(2e6), (start, length, a, b) => {
        const end = start + length + 1;
        const [early, late] = a <= b ? [a, b] : [b, a];
        return order[blockProductState(start, end, early)] <= order[blockProductState(start, end, late)];
      }),
    );
  });
});

describe('block application refusals', () => {
  const open = { minLots: 100, remainingLots: 1_000, state: 'open' as const };
  it('answers each key in order', () => {
    expect(blockApplicationRefusal({ ...open, lots: 0 })).toBe('quantity_invalid');
    expect(blockApplicationRefusal({ ...open, lots: 99 })).toBe('amount_below_min');
    expect(blockApplicationRefusal({ ...open, lots: 100, state: 'closed' })).toBe('block_closed');
    expect(blockApplicationRefusal({ ...open, lots: 100, state: 'upcoming' })).toBe('block_closed');
    expect(blockApplicationRefusal({ ...open, lots: 1_001 })).toBe('quota_insufficient');
    expect(blockApplicationRefusal({ ...open, lots: 1_000 })).toBeNull();
  });

  it('accepts exactly the lots between the minimum and the remaining quota while open', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.nat(1e6),
        fc.nat(1e6),
        (lots, minLots, remainingLots) => {
          const refusal = blockApplicationRefusal({ lots, minLots, remainingLots, state: 'open' });
          return (refusal === null) === (lots >= minLots && lots <= remainingLots);
        },
      ),
    );
  });
});
