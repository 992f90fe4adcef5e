import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteServerTime, resetServerClock, serverNow } from './server-clock';

describe('server clock', () => {
  afterEach(() => {
    resetServerClock();
    vi.useRealTimers();
  });

  it("counts on the server's time, not the phone's, taken at the middle of the round trip", () => {
    vi.useFakeTimers({ now: 1_000_000 });
    // The phone is 10 minutes behind: the server said 1_600_100 at the round trip's middle.
    noteServerTime('1600100', 999_900, 1_000_100);
    expect(serverNow()).toBe(1_600_100);
    vi.advanceTimersByTime(5_000);
    expect(serverNow()).toBe(1_605_100);
  });

  it('ignores answers without a usable time', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    noteServerTime(null, 999_900, 1_000_100);
    noteServerTime('soon', 999_900, 1_000_100);
    expect(serverNow()).toBe(1_000_000);
  });

  it('follows the server when its clock moves on, but not through a much slower answer', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    noteServerTime('1000000', 999_950, 1_000_050);
    noteServerTime('1060000', 999_950, 1_000_050);
    expect(serverNow()).toBe(1_060_000);
    noteServerTime('5000000', 990_000, 1_000_000);
    expect(serverNow()).toBe(1_060_000);
  });
});
