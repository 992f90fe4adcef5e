import { describe, expect, it } from 'vitest';
import { adjustBars, type CorporateAction } from './adjustment';
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
