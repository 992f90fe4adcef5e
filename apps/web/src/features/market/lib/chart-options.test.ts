import { KLINE_PERIODS } from '@kabuto/contract';
import { describe, expect, it } from 'vitest';
import { formatCompact } from '../../../shared/format/compact';
import {
  chartBigNumber,
  DEFAULT_ADJUST,
  formatFixed,
  indicatorLegend,
  indicatorPrecision,
  MIN_YEAR_BARS,
  mainOverlays,
  offeredPeriods,
} from './chart-options';

describe('chart defaults', () => {
  it('adjusts forward by default, so a split is not drawn as a crash', () => {
    expect(DEFAULT_ADJUST).toBe('forward');
  });

  it('draws no moving average or band on the intraday line, the chosen one on every other period', () => {
    expect(mainOverlays('time', 'MA')).toEqual([]);
    expect(mainOverlays('time', 'BOLL')).toEqual([]);
    for (const period of KLINE_PERIODS.filter((p) => p !== 'time'))
      expect(mainOverlays(period, 'EMA')).toEqual(['EMA']);
  });
});

describe('offeredPeriods', () => {
  it('hides the year period while the history holds fewer than ten years', () => {
    expect(offeredPeriods(KLINE_PERIODS, { count: 3, more: false })).not.toContain('year');
    expect(offeredPeriods(KLINE_PERIODS, null)).not.toContain('year');
    expect(offeredPeriods(KLINE_PERIODS, { count: 3, more: false })).toContain('month');
  });

  it('offers it with ten year bars, or with older ones still to page in', () => {
    expect(offeredPeriods(KLINE_PERIODS, { count: MIN_YEAR_BARS, more: false })).toEqual([...KLINE_PERIODS]);
    expect(offeredPeriods(KLINE_PERIODS, { count: 4, more: true })).toContain('year');
  });
});

describe('indicator values', () => {
  it('are at the price decimals of the market (volume in whole shares)', () => {
    expect(indicatorPrecision('MA', 'jpy')).toBe(1);
    expect(indicatorPrecision('BOLL', 'usd')).toBe(2);
    expect(indicatorPrecision('MACD', 'jpy')).toBe(1);
    expect(indicatorPrecision('RSI', 'cny')).toBe(2);
    expect(indicatorPrecision('VOL', 'jpy')).toBe(0);
    expect(formatFixed(23199.456, 1, 'jp')).toBe('23,199.5');
    expect(formatFixed(0.1, 2, 'us')).toBe('0.10');
    expect(formatFixed(undefined, 2, 'us')).toBe('—');
  });

  it('label each figure of the bar asked for', () => {
    const ma = {
      name: 'MA',
      figures: [
        { key: 'ma1', title: 'MA5: ' },
        { key: 'ma2', title: 'MA10: ' },
      ],
      result: [{ ma1: 1 }, { ma1: 2.25, ma2: 2.5 }],
    };
    expect(indicatorLegend(ma, 1, (v) => formatFixed(v, 1, 'us'))).toEqual([
      { label: 'MA5', text: '2.3' },
      { label: 'MA10', text: '2.5' },
    ]);
    expect(indicatorLegend(ma, 0, (v) => formatFixed(v, 1, 'us'))[1]).toEqual({ label: 'MA10', text: '—' });
  });
});

describe('chartBigNumber', () => {
  it('speaks each language’s one volume convention, the same as the quote', () => {
    expect(chartBigNumber('cn')(3_590_000)).toBe('359万');
    expect(chartBigNumber('jp')(3_590_000)).toBe('359万');
    expect(chartBigNumber('us')(3_590_000)).toBe('3.59M');
    expect(chartBigNumber('cn')(250_000_000)).toBe('2.5亿');
    expect(chartBigNumber('jp')(250_000_000)).toBe('2.5億');
    for (const language of ['cn', 'us', 'jp'] as const)
      expect(chartBigNumber(language)(1_851_000)).toBe(formatCompact(1_851_000, language));
    expect(chartBigNumber('us')(3590)).toBe('3,590');
  });
});
