import { describe, expect, it } from 'vitest';
import { applyTick, type ChartBar, toChartBars } from './chart-data';

const at = (min: number, sec = 0) => Date.UTC(2026, 0, 5, 0, 30 + min, sec);
const bar = (timestamp: number, close = 100): ChartBar => ({
  timestamp,
  open: 100,
  high: 101,
  low: 99,
  close,
  volume: 10,
  turnover: 1000,
});
const tick = (price: string, time: number, volume = 500) => ({
  price,
  time: new Date(time).toISOString(),
  volume,
});

describe('toChartBars', () => {
  it('turns wire bars into timestamped numbers, oldest first', () => {
    const bars = toChartBars([
      {
        time: '2026-01-05T00:31:00.000Z',
        open: '2',
        high: '3',
        low: '1',
        close: '2.5',
        volume: 7,
        turnover: '17.5',
      },
      {
        time: '2026-01-05T00:30:00.000Z',
        open: '1',
        high: '2',
        low: '1',
        close: '2',
        volume: 5,
        turnover: '10',
      },
    ]);
    expect(bars.map((b) => b.timestamp)).toEqual([at(0), at(1)]);
    expect(bars[1]).toMatchObject({ open: 2, high: 3, low: 1, close: 2.5, volume: 7, turnover: 17.5 });
  });

  it('skips bars it cannot read', () => {
    expect(
      toChartBars([{ time: 'x', open: '1', high: '1', low: '1', close: '1', volume: 0, turnover: '0' }]),
    ).toEqual([]);
  });
});

const TOKYO = { market: 'jpy' as const, factor: '1' };

describe('applyTick', () => {
  it('puts a live price on backward-adjusted bars times the newest day’s factor (no false drop after a split)', () => {
    const last = { ...bar(at(0)), open: 40_000, high: 40_400, low: 39_800, close: 40_200 };
    const next = applyTick(last, tick('20150', at(600)), 'day', { market: 'jpy', factor: '2' });
    expect(next).toMatchObject({ timestamp: at(0), close: 40_300, low: 39_800 });
    const month = applyTick(last, tick('20150', at(600)), 'month', { market: 'jpy', factor: '2' });
    expect(month?.close).toBe(40_300);
  });

  it('opens an evening 60-minute bar from the close, not continuing the session’s last bar', () => {
    // The afternoon's last 60-minute bar starts 14:30 Tokyo (05:30 UTC); a tick at 18:10 Tokyo.
    const afternoon = bar(Date.UTC(2026, 0, 5, 5, 30));
    const next = applyTick(afternoon, tick('101', Date.UTC(2026, 0, 5, 9, 10)), '60m', TOKYO);
    expect(next?.timestamp).toBe(Date.UTC(2026, 0, 5, 8, 30));
    // Within the session it stays in the bar it falls in.
    const same = applyTick(afternoon, tick('101', Date.UTC(2026, 0, 5, 6, 20)), '60m', TOKYO);
    expect(same?.timestamp).toBe(afternoon.timestamp);
  });

  it('moves the close, high and low of the current five-minute bar', () => {
    const next = applyTick(bar(at(0)), tick('102.5', at(3, 20)), '5m', TOKYO);
    expect(next).toMatchObject({ timestamp: at(0), close: 102.5, high: 102.5, low: 99 });
  });

  it('opens the next bar, aligned on the last one, when the span has passed', () => {
    const next = applyTick(bar(at(0)), tick('98', at(11, 5)), '5m', TOKYO);
    expect(next).toMatchObject({ timestamp: at(10), open: 98, high: 98, low: 98, close: 98, volume: 0 });
  });

  it('keeps the day bar open and takes the day volume from the tick', () => {
    const next = applyTick(bar(at(0)), tick('97', at(600), 800), 'day', TOKYO);
    expect(next).toMatchObject({ timestamp: at(0), low: 97, close: 97, volume: 800 });
  });

  it('ignores a tick older than the last bar or without a bar', () => {
    expect(applyTick(bar(at(5)), tick('1', at(1)), '5m', TOKYO)).toBeNull();
    expect(applyTick(undefined, tick('1', at(1)), '5m', TOKYO)).toBeNull();
  });
});
