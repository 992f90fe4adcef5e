import { describe, expect, it } from 'vitest';
import { aggregateDaily, aggregateMinutes, type Bar, mergeBars, minuteBucketStart } from './bars';
import { sessionMinutes } from './calendar';

/** A minute bar whose prices encode its index, so merges are easy to check by hand. */
function minuteBar(time: Date, i: number): Bar {
  const base = 1000 + i;
  return {
    time: time.toISOString(),
    open: `${base}.0`,
    high: `${base + 2}.0`,
    low: `${base - 1}.0`,
    close: `${base + 1}.0`,
    volume: 100,
    turnover: `${(base * 100).toFixed(1)}`,
  };
}

const dailyBar = (
  time: string,
  open: string,
  high: string,
  low: string,
  close: string,
  volume: number,
): Bar => ({
  time,
  open,
  high,
  low,
  close,
  volume,
  turnover: '0',
});

describe('minute aggregation', () => {
  const tokyoDay = sessionMinutes('jpy', '2026-03-06').map(minuteBar);

  it('builds 60-minute Tokyo bars that stop at lunch and at the close', () => {
    const bars = aggregateMinutes(tokyoDay, 60, 'jpy');
    // Morning 9:00, 10:00, 11:00–11:30; afternoon 12:30, 13:30, 14:30.
    expect(bars.map((b) => b.time)).toEqual([
      '2026-03-06T00:00:00.000Z',
      '2026-03-06T01:00:00.000Z',
      '2026-03-06T02:00:00.000Z',
      '2026-03-06T03:30:00.000Z',
      '2026-03-06T04:30:00.000Z',
      '2026-03-06T05:30:00.000Z',
    ]);
    expect(bars.map((b) => b.volume)).toEqual([6000, 6000, 3000, 6000, 6000, 6000]);
    // The 11:00 bar holds minutes 120..149.
    expect(bars[2]).toEqual({
      time: '2026-03-06T02:00:00.000Z',
      open: '1120.0',
      high: '1151.0',
      low: '1119.0',
      close: '1150.0',
      volume: 3000,
      turnover: `${((1120 + 1149) * 15 * 100).toFixed(1)}`,
    });
    // The first afternoon bar starts at minute 150 (12:30), not with the lunch break.
    expect(bars[3]?.open).toBe('1150.0');
  });

  it('builds 5-minute bars for a full New York day across DST', () => {
    const day = sessionMinutes('usd', '2026-03-09').map(minuteBar);
    const bars = aggregateMinutes(day, 5, 'usd');
    expect(bars).toHaveLength(78);
    expect(bars[0]?.time).toBe('2026-03-09T13:30:00.000Z');
    expect(bars[77]?.time).toBe('2026-03-09T19:55:00.000Z');
  });

  it('aligns 30-minute Shanghai bars to each session open', () => {
    const day = sessionMinutes('cny', '2026-03-06').map(minuteBar);
    const bars = aggregateMinutes(day, 30, 'cny');
    expect(bars).toHaveLength(8);
    expect(bars[4]?.time).toBe('2026-03-06T05:00:00.000Z'); // 13:00
  });

  it('never merges bars of two days', () => {
    const friday = sessionMinutes('jpy', '2026-03-06').slice(-10);
    const monday = sessionMinutes('jpy', '2026-03-09').slice(0, 10);
    const bars = aggregateMinutes([...friday, ...monday].map(minuteBar), 60, 'jpy');
    expect(bars.map((b) => b.time)).toEqual(['2026-03-06T05:30:00.000Z', '2026-03-09T00:00:00.000Z']);
    expect(bars.map((b) => b.volume)).toEqual([1000, 1000]);
  });

  it('keeps off-session bars (around-the-clock simulation) out of session buckets', () => {
    const lunch = new Date('2026-03-06T02:45:00Z'); // 11:45 Tokyo
    const morning = new Date('2026-03-06T02:20:00Z'); // 11:20 Tokyo
    const bars = aggregateMinutes([minuteBar(morning, 0), minuteBar(lunch, 1)], 60, 'jpy');
    expect(bars.map((b) => b.time)).toEqual(['2026-03-06T02:00:00.000Z', '2026-03-06T02:30:00.000Z']);
  });

  it('starts a live price’s bar where the aggregation would: a 60-minute evening bar never continues the session', () => {
    const at = (iso: string) => new Date(minuteBucketStart(Date.parse(iso), 60, 'jpy')).toISOString();
    // 15:10 Tokyo: the afternoon's last bucket, 14:30–15:30 (buckets count from the 12:30 open).
    expect(at('2026-03-06T06:10:00Z')).toBe('2026-03-06T05:30:00.000Z');
    // 15:40 and 18:10 Tokyo: the evening's stretch runs from the 15:30 close, in its own buckets.
    expect(at('2026-03-06T06:40:00Z')).toBe('2026-03-06T06:30:00.000Z');
    expect(at('2026-03-06T09:10:00Z')).toBe('2026-03-06T08:30:00.000Z');
    // 12:45 Tokyo, after lunch: from the 12:30 afternoon open, not from the morning's buckets.
    expect(at('2026-03-06T03:45:00Z')).toBe('2026-03-06T03:30:00.000Z');
    const evening = aggregateMinutes([minuteBar(new Date('2026-03-06T09:10:00Z'), 0)], 60, 'jpy');
    expect(evening[0]!.time).toBe(at('2026-03-06T09:10:00Z'));
  });

  it('sorts its input and sums turnover exactly', () => {
    const a = { ...minuteBar(new Date('2026-03-06T00:01:00Z'), 0), turnover: '0.10' };
    const b = { ...minuteBar(new Date('2026-03-06T00:00:00Z'), 1), turnover: '0.2' };
    const [bar] = aggregateMinutes([a, b], 5, 'jpy');
    expect(bar?.turnover).toBe('0.30');
    expect(bar?.open).toBe('1001.0');
  });

  it('refuses to merge nothing', () => {
    expect(() => mergeBars([], '2026-03-06T00:00:00.000Z')).toThrow(RangeError);
    expect(aggregateMinutes([], 5, 'jpy')).toEqual([]);
  });
});

describe('calendar aggregation', () => {
  // Daily bars stamped at Tokyo midnight (15:00 UTC the day before).
  const days = [
    dailyBar('2026-03-26T15:00:00Z', '100', '110', '95', '105', 10), // Fri 27 Mar
    dailyBar('2026-03-29T15:00:00Z', '105', '120', '104', '118', 20), // Mon 30 Mar
    dailyBar('2026-03-30T15:00:00Z', '118', '119', '90', '92', 30), // Tue 31 Mar
    dailyBar('2026-03-31T15:00:00Z', '92', '99', '91', '98', 40), // Wed 1 Apr
    dailyBar('2026-04-05T15:00:00Z', '98', '101', '97', '100', 50), // Mon 6 Apr
  ];

  it('builds ISO weeks starting Monday in market time', () => {
    expect(aggregateDaily(days, 'week', 'jpy')).toEqual([
      dailyBar('2026-03-26T15:00:00.000Z', '100', '110', '95', '105', 10),
      dailyBar('2026-03-29T15:00:00.000Z', '105', '120', '90', '98', 90),
      dailyBar('2026-04-05T15:00:00.000Z', '98', '101', '97', '100', 50),
    ]);
  });

  it('builds calendar months in market time', () => {
    expect(aggregateDaily(days, 'month', 'jpy')).toEqual([
      dailyBar('2026-03-26T15:00:00.000Z', '100', '120', '90', '92', 60),
      dailyBar('2026-03-31T15:00:00.000Z', '92', '101', '91', '100', 90),
    ]);
  });

  it('builds years', () => {
    const bars = aggregateDaily(
      [...days, dailyBar('2027-01-04T15:00:00Z', '1', '2', '1', '2', 1)],
      'year',
      'jpy',
    );
    expect(bars.map((b) => [b.time, b.volume])).toEqual([
      ['2026-03-26T15:00:00.000Z', 150],
      ['2027-01-04T15:00:00.000Z', 1],
    ]);
  });

  it('reads the date in the market zone, not UTC', () => {
    // 2026-03-31T15:00Z is 1 April in Tokyo but still 31 March in New York.
    expect(aggregateDaily(days.slice(2, 4), 'month', 'jpy')).toHaveLength(2);
    expect(aggregateDaily(days.slice(2, 4), 'month', 'usd')).toHaveLength(1);
  });
});
