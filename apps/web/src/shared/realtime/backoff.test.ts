import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  it('doubles the ceiling with each attempt', () => {
    const top = () => 1;
    expect([0, 1, 2, 3].map((a) => backoffDelay(a, { baseMs: 1000, maxMs: 30_000 }, top))).toEqual([
      1000, 2000, 4000, 8000,
    ]);
  });

  it('never waits longer than the cap, even after many failures', () => {
    expect(backoffDelay(50, { baseMs: 1000, maxMs: 30_000 }, () => 1)).toBe(30_000);
  });

  it('waits at least half the ceiling so retries do not hammer the server', () => {
    expect(backoffDelay(3, { baseMs: 1000, maxMs: 30_000 }, () => 0)).toBe(4000);
  });
});
