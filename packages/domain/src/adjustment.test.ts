import { describe, expect, it } from 'vitest';
import { adjustBars, adjustLivePrice, type CorporateAction, newestDayFactor } from './adjustment';
import type { Bar } from './bars';

/** Daily bars stamped at New York midnight (05:00 UTC in winter). */
const bar = (day: string, open: string, high: string, low: string, close: string, volume: number): Bar => ({
  time: `${day}T05:00:00.000Z`,
  open,
  high,
  low,
  close,
  volume,
  turnover: '1000.00',
});

// A 2:1 split on 4 March (previous close 104) and a 0.52 dividend on 5 March (previous close 52):
// split factor (104 − 0) / 104 ÷ 2 = 0.5, dividend factor (52 − 0.52) / 52 = 0.99.
const raw = [
  bar('2026-03-02', '100.00', '102.00', '99.00', '100.00', 1000),
  bar('2026-03-03', '100.00', '106.00', '100.00', '104.00', 1000),
  bar('2026-03-04', '52.00', '53.00', '51.00', '52.00', 2000),
  bar('2026-03-05', '51.50', '52.00', '51.00', '51.48', 2000),
];
const actions: CorporateAction[] = [
  { exDate: '2026-03-04', splitRatio: 2 },
  { exDate: '2026-03-05', cashDividend: '0.52' },
];

describe('chart adjustment', () => {
  it('leaves prices alone in mode none', () => {
    expect(adjustBars(raw, actions, 'none', 'usd')).toEqual(raw);
  });

  it('scales history to today in forward mode', () => {
    expect(adjustBars(raw, actions, 'forward', 'usd')).toEqual([
      // × 0.495 (0.5 × 0.99); 99 × 0.495 = 49.005 → 49.01; volume × 2.
      bar('2026-03-02', '49.50', '50.49', '49.01', '49.50', 2000),
      bar('2026-03-03', '49.50', '52.47', '49.50', '51.48', 2000),
      // × 0.99 only: the dividend has not gone ex yet.
      bar('2026-03-04', '51.48', '52.47', '50.49', '51.48', 2000),
      bar('2026-03-05', '51.50', '52.00', '51.00', '51.48', 2000),
    ]);
  });

  it('scales later bars to the first day in backward mode', () => {
    expect(adjustBars(raw, actions, 'backward', 'usd')).toEqual([
      bar('2026-03-02', '100.00', '102.00', '99.00', '100.00', 1000),
      bar('2026-03-03', '100.00', '106.00', '100.00', '104.00', 1000),
      // ÷ 0.5; volume ÷ 2.
      bar('2026-03-04', '104.00', '106.00', '102.00', '104.00', 1000),
      // ÷ 0.495: 51.5 → 104.0404… → 104.04; 52 → 105.0505… → 105.05; 51 → 103.0303… → 103.03.
      bar('2026-03-05', '104.04', '105.05', '103.03', '104.00', 1000),
    ]);
  });

  it('makes the split disappear from the forward series', () => {
    const forward = adjustBars(raw, actions, 'forward', 'usd');
    expect(forward[1]?.close).toBe(forward[2]?.open);
  });

  it('rounds to the Tokyo price grid', () => {
    const jp = [
      { ...bar('2026-03-02', '1001', '1001', '1001', '1001', 300), time: '2026-03-01T15:00:00.000Z' },
      { ...bar('2026-03-03', '334', '334', '334', '334', 900), time: '2026-03-02T15:00:00.000Z' },
    ];
    const [before] = adjustBars(jp, [{ exDate: '2026-03-03', splitRatio: 3 }], 'forward', 'jpy');
    expect(before?.close).toBe('333.7'); // 1001 ÷ 3 = 333.666…
    expect(before?.volume).toBe(900);
  });

  it('ignores actions outside the series', () => {
    expect(adjustBars(raw, [{ exDate: '2026-03-02', splitRatio: 2 }], 'forward', 'usd')).toEqual(raw);
    expect(adjustBars(raw, [{ exDate: '2026-04-01', splitRatio: 2 }], 'backward', 'usd')).toEqual(raw);
  });

  it('refuses a dividend as large as the previous close', () => {
    expect(() => adjustBars(raw, [{ exDate: '2026-03-03', cashDividend: '100' }], 'forward', 'usd')).toThrow(
      RangeError,
    );
  });
});

describe('live price on adjusted bars', () => {
  // 8035's case: a 2:1 split, then live trading at the post-split price.
  const split = [
    bar('2026-03-02', '40000.00', '40500.00', '39800.00', '40200.00', 100),
    bar('2026-03-03', '20100.00', '20300.00', '20000.00', '20200.00', 200),
    bar('2026-03-04', '20200.00', '20400.00', '20100.00', '20300.00', 200),
  ];
  const twoForOne: CorporateAction[] = [{ exDate: '2026-03-03', splitRatio: 2 }];

  it('scales the newest day by every action in backward mode, so a live price lands on its basis', () => {
    const factor = newestDayFactor(split, twoForOne, 'backward', 'usd');
    expect(factor).toBe('2');
    const adjusted = adjustBars(split, twoForOne, 'backward', 'usd');
    const live = adjustLivePrice('20350.00', factor, 'usd');
    expect(live).toBe('40700.00');
    // No false −49 % candle: the live price sits within 1 % of the adjusted close before it.
    const previous = Number(adjusted.at(-1)!.close);
    expect(Math.abs(Number(live) / previous - 1)).toBeLessThan(0.01);
  });

  it('leaves a live price as it is in forward and none modes', () => {
    expect(newestDayFactor(split, twoForOne, 'forward', 'usd')).toBe('1');
    expect(newestDayFactor(split, twoForOne, 'none', 'usd')).toBe('1');
  });

  it('uses the same factors as the bars: the newest bar adjusted equals the raw newest bar times the factor', () => {
    const factor = newestDayFactor(raw, actions, 'backward', 'usd');
    const newest = adjustBars(raw, actions, 'backward', 'usd').at(-1)!;
    expect(adjustLivePrice(raw.at(-1)!.close, factor, 'usd')).toBe(newest.close);
  });

  it('rounds a live price half-up to the market’s price decimals', () => {
    expect(adjustLivePrice('1234.5', '2', 'jpy')).toBe('2469.0');
    expect(adjustLivePrice('10.005', '1', 'usd')).toBe('10.01');
  });
});
