import { describe, expect, it } from 'vitest';
import { readableTimeTicks, spacedTicks } from './axis';

describe('readableTimeTicks', () => {
  const measure = (text: string) => text.length * 6;
  const last = Date.UTC(2026, 10, 20);
  const tick = (coord: number, value: number, text = '2026-11-16') => ({ coord, value, text });

  it('drops labels after the newest bar (times the chart extrapolates into the empty right side)', () => {
    const ticks = [tick(100, last - 86_400_000), tick(200, last), tick(300, last + 86_400_000)];
    expect(readableTimeTicks(ticks, last, 360, measure).map((t) => t.coord)).toEqual([100, 200]);
    expect(readableTimeTicks(ticks, null, 360, measure)).toEqual([]);
  });

  it('drops labels that either edge would cut', () => {
    const ticks = [tick(10, last - 3e8), tick(100, last - 2e8), tick(340, last)];
    // "2026-11-16" is 60 px wide: it needs 30 px on each side of its tick.
    expect(readableTimeTicks(ticks, last, 360, measure).map((t) => t.coord)).toEqual([100]);
  });
});

describe('spacedTicks', () => {
  const measure = (text: string) => text.length * 6;
  const tick = (coord: number, text = '11/16/2026') => ({ coord, value: coord, text });

  it('keeps the newest label and each older one that clears its neighbour by the gap', () => {
    // Each label is 60 px wide: neighbours need 60 + 12 px between their centres.
    const ticks = [tick(20), tick(100), tick(150), tick(230)];
    expect(spacedTicks(ticks, measure).map((t) => t.coord)).toEqual([20, 150, 230]);
  });
});
