import { TZDate } from '@date-fns/tz';
import { MARKET_TIMEZONE, type Market } from '@kabuto/contract';
import { isHoliday, thanksgiving } from './holidays';
import { addDays, formatLocalDate, isWeekend, parseLocalDate } from './local-date';

export { isHoliday, NYSE_HOLIDAYS, NYSE_SPECIAL_CLOSURES } from './holidays';
export { addDays as addLocalDays, isoWeekStart, weekdayOf } from './local-date';

/** A continuous trading session in market-local wall-clock time, 'HH:MM', close exclusive. */
export type Session = { open: string; close: string };

/** SPEC §6.2: regular sessions (local time). */
export const SESSIONS: Record<Market, Session[]> = {
  jpy: [
    { open: '09:00', close: '11:30' },
    { open: '12:30', close: '15:30' },
  ],
  usd: [{ open: '09:30', close: '16:00' }],
  cny: [
    { open: '09:30', close: '11:30' },
    { open: '13:00', close: '15:00' },
  ],
};

/**
 * NYSE closes at 13:00 on the day after Thanksgiving, on Christmas Eve and on July 3 when those
 * are trading days (NYSE Rule 7.2 early closings).
 */
export const US_EARLY_CLOSE = '13:00';

/** Longest run of closed days the calendar will walk over before deciding the input is wrong. */
export const MAX_CLOSED_DAYS = 31;
/** Widest date range `tradingDaysBetween` lists (about twenty years). */
export const MAX_CALENDAR_RANGE_DAYS = 7_320;

const MINUTE_MS = 60_000;
const TOKYO = MARKET_TIMEZONE.jpy;

/** Money windows (SPEC §6.4, §10), Asia/Tokyo wall-clock time on Japanese business days. */
export const FUND_WINDOWS: Record<'deposit' | 'withdrawal', Session> = {
  deposit: { open: '00:00', close: '24:00' },
  withdrawal: { open: '09:00', close: '15:30' },
};

function parseClock(clock: string): { hours: number; minutes: number } {
  const match = /^(\d{2}):(\d{2})$/.exec(clock);
  if (!match) throw new RangeError(`not an HH:MM time: ${clock}`);
  return { hours: Number(match[1]), minutes: Number(match[2]) };
}

/** The instant at which wall-clock `clock` occurs on `localDate` in `timeZone` ('24:00' = next midnight). */
export function zonedInstant(timeZone: string, localDate: string, clock: string): Date {
  const { hours, minutes } = parseClock(clock);
  const date = hours === 24 ? addDays(localDate, 1) : localDate;
  const { year, month, day } = parseLocalDate(date);
  return new Date(new TZDate(year, month - 1, day, hours % 24, minutes, timeZone).getTime());
}

/** The calendar date of an instant in `timeZone`. */
export function localDateIn(timeZone: string, instant: Date): string {
  const zoned = new TZDate(instant.getTime(), timeZone);
  return formatLocalDate(zoned.getFullYear(), zoned.getMonth() + 1, zoned.getDate());
}

/** The market-local calendar date of an instant. */
export function localDateOf(market: Market, instant: Date): string {
  return localDateIn(MARKET_TIMEZONE[market], instant);
}

export function isTradingDay(market: Market, localDate: string): boolean {
  return !isWeekend(localDate) && !isHoliday(market, localDate);
}

function isUsEarlyClose(localDate: string): boolean {
  const { year, month, day } = parseLocalDate(localDate);
  if (month === 7 && day === 3) return true;
  if (month === 12 && day === 24) return true;
  return localDate === addDays(thanksgiving(year), 1);
}

/** The sessions actually held on `localDate` (empty on a closed day, shortened on an early close). */
export function sessionsOn(market: Market, localDate: string): Session[] {
  if (!isTradingDay(market, localDate)) return [];
  if (market === 'usd' && isUsEarlyClose(localDate)) return [{ open: '09:30', close: US_EARLY_CLOSE }];
  return SESSIONS[market];
}

type Interval = { start: number; end: number };

function intervalsOf(market: Market, sessions: Session[], localDate: string): Interval[] {
  const zone = MARKET_TIMEZONE[market];
  return sessions.map((s) => ({
    start: zonedInstant(zone, localDate, s.open).getTime(),
    end: zonedInstant(zone, localDate, s.close).getTime(),
  }));
}

export function isOpen(market: Market, instant: Date): boolean {
  const t = instant.getTime();
  const localDate = localDateOf(market, instant);
  return intervalsOf(market, sessionsOn(market, localDate), localDate).some((i) => i.start <= t && t < i.end);
}

export function nextTradingDay(market: Market, localDate: string): string {
  let day = localDate;
  for (let step = 0; step < MAX_CLOSED_DAYS; step++) {
    day = addDays(day, 1);
    if (isTradingDay(market, day)) return day;
  }
  throw new RangeError(`no ${market} trading day within ${MAX_CLOSED_DAYS} days after ${localDate}`);
}

export function previousTradingDay(market: Market, localDate: string): string {
  let day = localDate;
  for (let step = 0; step < MAX_CLOSED_DAYS; step++) {
    day = addDays(day, -1);
    if (isTradingDay(market, day)) return day;
  }
  throw new RangeError(`no ${market} trading day within ${MAX_CLOSED_DAYS} days before ${localDate}`);
}

/** The trading day an instant belongs to: its local date when that trades, else the next trading day. */
export function tradingDay(market: Market, instant: Date): string {
  const localDate = localDateOf(market, instant);
  return isTradingDay(market, localDate) ? localDate : nextTradingDay(market, localDate);
}

/**
 * The day a market's status names (SPEC §2 /quotes/index): never after the market's own date.
 * On a trading day, that day; on a closed day, the last trading day; a market that trades on a
 * day its exchange is closed (the simulated market's `always` hours) names its own date.
 */
export function statusDay(market: Market, instant: Date, open: boolean): string {
  const localDate = localDateOf(market, instant);
  if (isTradingDay(market, localDate) || open) return localDate;
  return previousTradingDay(market, localDate);
}

/** Trading days from `fromLocalDate` to `toLocalDate`, both inclusive; empty when from > to. */
export function tradingDaysBetween(market: Market, fromLocalDate: string, toLocalDate: string): string[] {
  parseLocalDate(toLocalDate);
  if (fromLocalDate > toLocalDate) return [];
  if (addDays(fromLocalDate, MAX_CALENDAR_RANGE_DAYS) < toLocalDate) {
    throw new RangeError(`range ${fromLocalDate}..${toLocalDate} exceeds ${MAX_CALENDAR_RANGE_DAYS} days`);
  }
  const days: string[] = [];
  for (let day = fromLocalDate; day <= toLocalDate; day = addDays(day, 1)) {
    if (isTradingDay(market, day)) days.push(day);
  }
  return days;
}

/**
 * Sessions used to place open and close instants: the day's actual sessions, or the regular ones
 * when the day is closed (the time the session would have been held).
 */
function scheduleOf(market: Market, localDate: string): Session[] {
  const held = sessionsOn(market, localDate);
  return held.length > 0 ? held : SESSIONS[market];
}

/** The instant of the first open of `localDate` (regular hours when the day is closed). */
export function sessionOpen(market: Market, localDate: string): Date {
  const first = scheduleOf(market, localDate)[0]!;
  return zonedInstant(MARKET_TIMEZONE[market], localDate, first.open);
}

/** The instant of the final close of `localDate` (regular hours when the day is closed). */
export function sessionClose(market: Market, localDate: string): Date {
  const sessions = scheduleOf(market, localDate);
  const last = sessions[sessions.length - 1]!;
  return zonedInstant(MARKET_TIMEZONE[market], localDate, last.close);
}

/** Start instant of every trading minute of `localDate` (the 1-minute bar grid); empty when closed. */
export function sessionMinutes(market: Market, localDate: string): Date[] {
  const minutes: Date[] = [];
  for (const { start, end } of intervalsOf(market, sessionsOn(market, localDate), localDate)) {
    for (let t = start; t < end; t += MINUTE_MS) minutes.push(new Date(t));
  }
  return minutes;
}

/** The first session opening at or after `instant` (while open: the opening of the next session). */
export function nextOpen(market: Market, instant: Date): Date {
  const t = instant.getTime();
  let day = localDateOf(market, instant);
  for (let step = 0; step <= MAX_CLOSED_DAYS; step++) {
    for (const { start } of intervalsOf(market, sessionsOn(market, day), day)) {
      if (start >= t) return new Date(start);
    }
    day = nextTradingDay(market, day);
  }
  throw new RangeError(
    `no ${market} session opens within ${MAX_CLOSED_DAYS} days of ${instant.toISOString()}`,
  );
}

/** Market-local segments of a day: the sessions and the closed stretches around them. */
export function daySegments(market: Market, localDate: string): Interval[] {
  const zone = MARKET_TIMEZONE[market];
  const dayStart = zonedInstant(zone, localDate, '00:00').getTime();
  const dayEnd = zonedInstant(zone, localDate, '24:00').getTime();
  const segments: Interval[] = [];
  let cursor = dayStart;
  for (const session of intervalsOf(market, sessionsOn(market, localDate), localDate)) {
    if (session.start > cursor) segments.push({ start: cursor, end: session.start });
    segments.push(session);
    cursor = session.end;
  }
  if (dayEnd > cursor) segments.push({ start: cursor, end: dayEnd });
  return segments;
}

/** Japanese business day (banks and the exchange open), judged in Asia/Tokyo. */
export function isBusinessDay(instant: Date): boolean {
  return isTradingDay('jpy', localDateIn(TOKYO, instant));
}

/** SPEC §6.4: deposits on business days all day; withdrawals on business days 09:00–15:30 Tokyo. */
export function inFundWindow(kind: 'deposit' | 'withdrawal', instant: Date): boolean {
  const localDate = localDateIn(TOKYO, instant);
  if (!isTradingDay('jpy', localDate)) return false;
  const window = FUND_WINDOWS[kind];
  const t = instant.getTime();
  return (
    zonedInstant(TOKYO, localDate, window.open).getTime() <= t &&
    t < zonedInstant(TOKYO, localDate, window.close).getTime()
  );
}

/**
 * SPEC §6.4 "at the latest T+1 24:00": the end (midnight Tokyo) of the first business day after
 * the Tokyo date of `instant`.
 */
export function nextBusinessDayEnd(instant: Date): Date {
  const next = nextTradingDay('jpy', localDateIn(TOKYO, instant));
  return zonedInstant(TOKYO, next, '24:00');
}
