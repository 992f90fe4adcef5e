import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { moveItem, sameOrder } from './watch-order';

describe('watchlist order', () => {
  it('moves a stock up and down one place', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });

  it('leaves the list as it is when the move would leave it', () => {
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 5, -1)).toEqual(['a', 'b']);
  });

  it('never loses or duplicates a stock', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string(), { maxLength: 8 }),
        fc.nat(10),
        fc.integer({ min: -3, max: 3 }),
        (list, i, d) => {
          expect([...moveItem(list, i, d)].sort()).toEqual([...list].sort());
        },
      ),
    );
  });

  it('tells whether two orders are the same', () => {
    expect(sameOrder(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameOrder(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameOrder(['a'], ['a', 'b'])).toBe(false);
  });
});
