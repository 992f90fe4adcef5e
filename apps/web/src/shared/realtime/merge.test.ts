import { describe, expect, it } from 'vitest';
import { mergeLive } from './merge';
import type { LiveQuote } from './quote-stream';

const base = {
  code: '7203',
  price: '2674.2',
  change: '-0.3',
  changePercent: '-0.01',
  volume: 1000,
  time: '2026-01-05T01:00:00.000Z',
  high: '2680.0',
  low: '2670.0',
  turnover: '1000000',
};

const live = (price: string, time: string): LiveQuote => ({
  code: '7203',
  price,
  change: '1.0',
  changePercent: '0.04',
  volume: 1200,
  time,
  simulated: true,
  flash: 'up',
});

describe('mergeLive', () => {
  it('takes price, change and volume from a newer tick and keeps the other fields', () => {
    const merged = mergeLive(base, live('2675.5', '2026-01-05T01:00:01.000Z'));
    expect(merged).toMatchObject({
      price: '2675.5',
      change: '1.0',
      volume: 1200,
      turnover: '1000000',
      flash: 'up',
    });
  });

  it('widens the day high and low to a live price outside them', () => {
    expect(mergeLive(base, live('2690.0', '2026-01-05T01:00:01.000Z')).high).toBe('2690.0');
    expect(mergeLive(base, live('2660.0', '2026-01-05T01:00:01.000Z')).low).toBe('2660.0');
    const inside = mergeLive(base, live('2675.0', '2026-01-05T01:00:01.000Z'));
    expect([inside.high, inside.low]).toEqual(['2680.0', '2670.0']);
  });

  it('keeps the quote when the tick is older', () => {
    expect(mergeLive(base, live('1.0', '2026-01-05T00:59:59.000Z')).price).toBe('2674.2');
  });

  it('answers the quote unchanged without a tick', () => {
    expect(mergeLive(base, undefined)).toEqual({ ...base, flash: null });
  });
});
