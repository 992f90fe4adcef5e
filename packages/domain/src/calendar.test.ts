import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  inFundWindow,
  isBusinessDay,
  isHoliday,
  isOpen,
  isTradingDay,
  localDateOf,
  nextBusinessDayEnd,
  nextOpen,
  nextTradingDay,
  previousTradingDay,
  sessionClose,
  sessionMinutes,
  sessionOpen,
  sessionsOn,
  statusDay,
  tradingDay,
  tradingDaysBetween,
} from './calendar';
import { addDays } from './local-date';

const at = (iso: string) => new Date(iso);
const instants = fc.date({
  min: at('2020-01-01T00:00:00Z'),
  max: at('2030-12-31T23:59:59Z'),
  noInvalidDate: true,
});
const markets = fc.constantFrom('jpy' as const, 'usd' as const, 'cny' as const);

describe('holidays', () => {
  it.each([
    ['jpy', '2026-01-01', true],
    ['usd', '2026-01-01', true],
    ['cny', '2026-01-01', true],
    ['usd', '2026-04-03', true], // Good Friday
    ['jpy', '2026-04-03', false],
    ['jpy', '2026-05-04', true], // Greenery Day
    ['jpy', '2026-05-06', true], // substitute for Constitution Day on a Sunday
    ['usd', '2026-11-26', true], // Thanksgiving
    ['usd', '2026-01-19', true], // Martin Luther King Jr. Day
    ['usd', '2026-02-16', true], // Washington's Birthday
    ['usd', '2026-05-25', true], // Memorial Day
    ['usd', '2026-07-03', true], // Independence Day on a Saturday, observed Friday
    ['usd', '2026-09-07', true], // Labor Day
    ['usd', '2022-12-26', true], // Christmas on a Sunday, observed Monday
    ['usd', '2021-12-31', false], // New Year's Day on a Saturday is not observed
    ['usd', '2023-01-02', true], // New Year's Day on a Sunday, observed Monday
    ['usd', '2021-06-18', false], // Juneteenth closes the NYSE from 2022
    ['usd', '2022-06-20', true],
    ['usd', '2027-06-18', true],
    ['usd', '2025-01-09', true], // national day of mourning
    ['usd', '2026-10-12', false], // Columbus Day: banks close, the NYSE trades
    ['jpy', '2026-12-31', true], // year-end closure
    ['jpy', '2027-01-04', false],
    ['jpy', '2026-01-02', true],
    ['cny', '2026-10-01', true],
    ['cny', '2026-02-17', true],
    ['cny', '2026-06-01', false], // Children's Day is for children only
  ] as const)('%s %s holiday: %s', (market, date, expected) => {
    expect(isHoliday(market, date)).toBe(expected);
  });

  it('closes every market on weekends', () => {
    for (const market of ['jpy', 'usd', 'cny'] as const) {
      expect(isTradingDay(market, '2026-03-07')).toBe(false);
      expect(isTradingDay(market, '2026-03-08')).toBe(false);
      expect(isTradingDay(market, '2026-03-09')).toBe(true);
    }
  });

  it('rejects a malformed date', () => {
    expect(() => isTradingDay('jpy', '2026-02-30')).toThrow(RangeError);
    expect(() => isTradingDay('jpy', '2026/03/01')).toThrow(RangeError);
  });
});

describe('sessions', () => {
  it('opens New York at 09:30 local on both sides of the March DST change', () => {
    expect(sessionOpen('usd', '2026-03-06').toISOString()).toBe('2026-03-06T14:30:00.000Z');
    expect(sessionOpen('usd', '2026-03-09').toISOString()).toBe('2026-03-09T13:30:00.000Z');
    expect(isOpen('usd', at('2026-03-09T13:29:59Z'))).toBe(false);
    expect(isOpen('usd', at('2026-03-09T13:30:00Z'))).toBe(true);
    expect(isOpen('usd', at('2026-03-06T14:29:59Z'))).toBe(false);
    expect(isOpen('usd', at('2026-03-06T14:30:00Z'))).toBe(true);
  });

  it('opens New York at 09:30 local on both sides of the November DST change', () => {
    expect(sessionOpen('usd', '2026-10-30').toISOString()).toBe('2026-10-30T13:30:00.000Z');
    expect(sessionOpen('usd', '2026-11-02').toISOString()).toBe('2026-11-02T14:30:00.000Z');
    expect(sessionClose('usd', '2026-11-02').toISOString()).toBe('2026-11-02T21:00:00.000Z');
  });

  it('closes Tokyo for lunch 11:30–12:30', () => {
    expect(isOpen('jpy', at('2026-03-06T02:29:59Z'))).toBe(true); // 11:29:59
    expect(isOpen('jpy', at('2026-03-06T02:30:00Z'))).toBe(false); // 11:30
    expect(isOpen('jpy', at('2026-03-06T03:29:00Z'))).toBe(false); // 12:29
    expect(isOpen('jpy', at('2026-03-06T03:30:00Z'))).toBe(true); // 12:30
    expect(isOpen('jpy', at('2026-03-06T06:30:00Z'))).toBe(false); // 15:30
  });

  it('closes Shanghai for lunch 11:30–13:00', () => {
    expect(isOpen('cny', at('2026-03-06T03:29:00Z'))).toBe(true); // 11:29
    expect(isOpen('cny', at('2026-03-06T03:30:00Z'))).toBe(false); // 11:30
    expect(isOpen('cny', at('2026-03-06T04:59:00Z'))).toBe(false); // 12:59
    expect(isOpen('cny', at('2026-03-06T05:00:00Z'))).toBe(true); // 13:00
    expect(sessionClose('cny', '2026-03-06').toISOString()).toBe('2026-03-06T07:00:00.000Z');
  });

  it('stays closed on weekends and holidays during session hours', () => {
    expect(isOpen('jpy', at('2026-03-07T01:00:00Z'))).toBe(false);
    expect(isOpen('jpy', at('2026-05-04T01:00:00Z'))).toBe(false);
    expect(isOpen('usd', at('2026-04-03T15:00:00Z'))).toBe(false);
  });

  it('closes New York at 13:00 after Thanksgiving and on Christmas Eve', () => {
    expect(sessionsOn('usd', '2026-11-27')).toEqual([{ open: '09:30', close: '13:00' }]);
    expect(sessionClose('usd', '2026-11-27').toISOString()).toBe('2026-11-27T18:00:00.000Z');
    expect(isOpen('usd', at('2026-11-27T18:30:00Z'))).toBe(false);
    expect(sessionClose('usd', '2026-12-24').toISOString()).toBe('2026-12-24T18:00:00.000Z');
    expect(sessionClose('usd', '2025-07-03').toISOString()).toBe('2025-07-03T17:00:00.000Z');
  });

  it('counts one-minute bars per day', () => {
    expect(sessionMinutes('jpy', '2026-03-06')).toHaveLength(330);
    expect(sessionMinutes('usd', '2026-03-06')).toHaveLength(390);
    expect(sessionMinutes('cny', '2026-03-06')).toHaveLength(240);
    expect(sessionMinutes('usd', '2026-11-27')).toHaveLength(210);
    expect(sessionMinutes('jpy', '2026-03-07')).toHaveLength(0);
    expect(sessionMinutes('jpy', '2026-03-06')[150]?.toISOString()).toBe('2026-03-06T03:30:00.000Z');
  });

  it('uses the market-local date', () => {
    expect(localDateOf('jpy', at('2026-03-05T15:00:00Z'))).toBe('2026-03-06');
    expect(localDateOf('usd', at('2026-03-06T03:00:00Z'))).toBe('2026-03-05');
  });

  it('maps a weekend instant to the next trading day', () => {
    expect(tradingDay('jpy', at('2026-03-07T03:00:00Z'))).toBe('2026-03-09');
    expect(tradingDay('jpy', at('2026-03-06T10:00:00Z'))).toBe('2026-03-06');
    expect(tradingDay('jpy', at('2026-05-01T20:00:00Z'))).toBe('2026-05-07');
  });

  it('names the last trading day in a closed market status on a Sunday, never the next one', () => {
    const sunday = at('2026-03-08T03:00:00Z');
    expect(statusDay('jpy', sunday, false)).toBe('2026-03-06');
    // A market trading through the weekend (simulated `always` hours) names the day itself.
    expect(statusDay('jpy', sunday, true)).toBe('2026-03-08');
    expect(statusDay('jpy', at('2026-03-06T03:00:00Z'), true)).toBe('2026-03-06');
  });

  it('never names a status day after the market-local date', () => {
    fc.assert(
      fc.property(markets, instants, fc.boolean(), (market, instant, open) => {
        const day = statusDay(market, instant, open);
        expect(day <= localDateOf(market, instant)).toBe(true);
        expect(open || isTradingDay(market, day)).toBe(true);
      }),
    );
  });

  it('walks trading days around Golden Week', () => {
    expect(tradingDaysBetween('jpy', '2026-04-27', '2026-05-08')).toEqual([
      '2026-04-27',
      '2026-04-28',
      '2026-04-30',
      '2026-05-01',
      '2026-05-07',
      '2026-05-08',
    ]);
    expect(nextTradingDay('jpy', '2026-05-01')).toBe('2026-05-07');
    expect(previousTradingDay('jpy', '2026-05-07')).toBe('2026-05-01');
    expect(tradingDaysBetween('jpy', '2026-05-08', '2026-05-01')).toEqual([]);
  });

  it('refuses to list more than twenty years of trading days', () => {
    expect(tradingDaysBetween('usd', '2000-01-01', '2019-12-31')).toHaveLength(5031);
    expect(() => tradingDaysBetween('usd', '1990-01-01', '2026-01-01')).toThrow(RangeError);
  });

  it('finds the next open across lunch, the evening and a weekend', () => {
    expect(nextOpen('jpy', at('2026-03-06T02:45:00Z')).toISOString()).toBe('2026-03-06T03:30:00.000Z');
    expect(nextOpen('jpy', at('2026-03-06T07:00:00Z')).toISOString()).toBe('2026-03-09T00:00:00.000Z');
    expect(nextOpen('usd', at('2026-03-06T22:00:00Z')).toISOString()).toBe('2026-03-09T13:30:00.000Z');
    expect(nextOpen('usd', at('2026-03-09T13:30:00Z')).toISOString()).toBe('2026-03-09T13:30:00.000Z');
  });

  it('property: an open market is on a trading day of its local date', () => {
    fc.assert(
      fc.property(markets, instants, (market, instant) => {
        if (isOpen(market, instant)) expect(isTradingDay(market, localDateOf(market, instant))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('property: the next open is open and not before the instant', () => {
    fc.assert(
      fc.property(markets, instants, (market, instant) => {
        const open = nextOpen(market, instant);
        expect(open.getTime()).toBeGreaterThanOrEqual(instant.getTime());
        expect(isOpen(market, open)).toBe(true);
        expect(isOpen(market, new Date(open.getTime() - 60_000))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('property: the next trading day skips only closed days', () => {
    fc.assert(
      fc.property(markets, instants, (market, instant) => {
        const day = localDateOf(market, instant);
        const next = nextTradingDay(market, day);
        expect(isTradingDay(market, next)).toBe(true);
        expect(tradingDaysBetween(market, addDays(day, 1), addDays(next, -1))).toEqual([]);
        expect(previousTradingDay(market, next) <= day).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('property: every session minute is open', () => {
    fc.assert(
      fc.property(markets, instants, (market, instant) => {
        const minutes = sessionMinutes(market, localDateOf(market, instant));
        for (const minute of minutes) expect(isOpen(market, minute)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });
});

describe('money windows (Asia/Tokyo)', () => {
  it('accepts withdrawals on business days from 09:00 until 15:30', () => {
    expect(inFundWindow('withdrawal', at('2026-03-05T23:59:59Z'))).toBe(false); // 08:59:59
    expect(inFundWindow('withdrawal', at('2026-03-06T00:00:00Z'))).toBe(true); // 09:00
    expect(inFundWindow('withdrawal', at('2026-03-06T06:29:59Z'))).toBe(true); // 15:29:59
    expect(inFundWindow('withdrawal', at('2026-03-06T06:30:00Z'))).toBe(false); // 15:30
    expect(inFundWindow('withdrawal', at('2026-03-07T01:00:00Z'))).toBe(false); // Saturday
    expect(inFundWindow('withdrawal', at('2026-05-04T01:00:00Z'))).toBe(false); // holiday
  });

  it('accepts deposits all day on business days only', () => {
    expect(inFundWindow('deposit', at('2026-03-05T15:00:00Z'))).toBe(true); // Fri 00:00
    expect(inFundWindow('deposit', at('2026-03-06T14:59:59Z'))).toBe(true); // Fri 23:59:59
    expect(inFundWindow('deposit', at('2026-03-06T15:00:00Z'))).toBe(false); // Sat 00:00
    expect(inFundWindow('deposit', at('2026-12-31T03:00:00Z'))).toBe(false); // year-end
  });

  it('tells business days in Tokyo', () => {
    expect(isBusinessDay(at('2026-03-06T14:59:00Z'))).toBe(true);
    expect(isBusinessDay(at('2026-03-06T15:00:00Z'))).toBe(false);
  });

  it('places "T+1 24:00" at the end of the next business day', () => {
    // Friday 12:00 Tokyo → end of Monday 2026-03-09 = Tuesday 00:00 Tokyo.
    expect(nextBusinessDayEnd(at('2026-03-06T03:00:00Z')).toISOString()).toBe('2026-03-09T15:00:00.000Z');
    // Thursday before Golden Week → end of Friday 2026-05-01; Friday → end of 2026-05-07.
    expect(nextBusinessDayEnd(at('2026-04-30T03:00:00Z')).toISOString()).toBe('2026-05-01T15:00:00.000Z');
    expect(nextBusinessDayEnd(at('2026-05-01T03:00:00Z')).toISOString()).toBe('2026-05-07T15:00:00.000Z');
  });
});
