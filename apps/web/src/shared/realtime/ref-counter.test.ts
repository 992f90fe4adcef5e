import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RefCounter } from './ref-counter';

describe('RefCounter', () => {
  it('reports a code as new only on its first reference', () => {
    const refs = new RefCounter();
    expect(refs.acquire(['7203', 'AAPL'])).toEqual(['7203', 'AAPL']);
    expect(refs.acquire(['7203', '600519'])).toEqual(['600519']);
    expect(refs.count('7203')).toBe(2);
    expect(refs.active()).toEqual(['7203', 'AAPL', '600519']);
  });

  it('reports a code as gone only when its last reference is released', () => {
    const refs = new RefCounter();
    refs.acquire(['7203']);
    refs.acquire(['7203']);
    expect(refs.release(['7203'])).toEqual([]);
    expect(refs.release(['7203'])).toEqual(['7203']);
    expect(refs.size).toBe(0);
  });

  it('ignores releases of codes that were never acquired', () => {
    const refs = new RefCounter();
    expect(refs.release(['NVDA'])).toEqual([]);
    expect(refs.count('NVDA')).toBe(0);
  });

  it('ends empty after releasing everything it acquired, in any order', () => {
    const code = fc.constantFrom('7203', 'AAPL', '600519', 'NVDA');
    fc.assert(
      fc.property(fc.array(fc.array(code, { maxLength: 4 }), { maxLength: 12 }), (batches) => {
        const refs = new RefCounter();
        const subscribed = new Set<string>();
        for (const batch of batches) for (const c of refs.acquire(batch)) subscribed.add(c);
        const shuffled = [...batches].reverse();
        for (const batch of shuffled) for (const c of refs.release(batch)) subscribed.delete(c);
        expect(refs.size).toBe(0);
        expect(subscribed.size).toBe(0);
      }),
    );
  });
});
