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

describe('applyTick', () => {
  it('moves the close, high and low of the current five-minute bar', () => {
    const next = applyTick(bar(at(0)), tick('102.5', at(3, 20)), '5m');
    expect(next).toMatchObject({ timestamp: at(0), close: 102.5, high: 102.5, low: 99 });
  });

  it('opens the next bar, aligned on the last one, when the span has passed', () => {
    const next = applyTick(bar(at(0)), tick('98', at(11, 5)), '5m');
    expect(next).toMatchObject({ timestamp: at(10), open: 98, high: 98, low: 98, close: 98, volume: 0 });
  });

  it('keeps the day bar open and takes the day volume from the tick', () => {
    const next = applyTick(bar(at(0)), tick('97', at(600), 800), 'day');
    expect(next).toMatchObject({ timestamp: at(0), low: 97, close: 97, volume: 800 });
  });

  it('ignores a tick older than the last bar or without a bar', () => {
    expect(applyTick(bar(at(5)), tick('1', at(1)), '5m')).toBeNull();
    expect(applyTick(undefined, tick('1', at(1)), '5m')).toBeNull();
  });
});
