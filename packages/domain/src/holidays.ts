import holidayJp from '@holiday-jp/holiday_jp';
import type { Market } from '@kabuto/contract';
import Holidays from 'date-holidays';
import { addDays, formatLocalDate, nthWeekdayOfMonth, parseLocalDate, weekdayOf } from './local-date';

/**
 * Exchange holidays per market (SPEC §6.2). Weekends are not holidays here; `isTradingDay`
 * combines both. Results are cached per year because the holiday libraries recompute whole
 * years on every query.
 */

// Japan: national holidays plus the exchange's year-end closure (TSE is closed Dec 31 – Jan 3).
function isJapanHoliday(localDate: string): boolean {
  const { month, day } = parseLocalDate(localDate);
  if ((month === 12 && day === 31) || (month === 1 && day <= 3)) return true;
  return Object.hasOwn(holidayJp.holidays, localDate);
}

// United States: the NYSE holiday schedule (NYSE Rule 7.2).
const SUNDAY = 0;
const MONDAY = 1;
const THURSDAY = 4;
const SATURDAY = 6;

type NyseObservance =
  /** Saturday → the Friday before, Sunday → the Monday after. */
  | 'weekend-shift'
  /** New Year's Day: Sunday → Monday; on a Saturday it is not observed (the Friday closes a year). */
  | 'sunday-only'
  | 'none';

type NyseHoliday = {
  name: string;
  date: (year: number) => string;
  observance: NyseObservance;
  firstYear?: number;
};

// Built on first use: the holiday rule sets are costly to parse and a browser may never need them.
let goodFridayCalculator: Holidays | undefined;

function goodFriday(year: number): string {
  if (!goodFridayCalculator) {
    goodFridayCalculator = new Holidays();
    goodFridayCalculator.setHoliday('easter -2', { name: { en: 'Good Friday' }, type: 'public' });
  }
  const found = goodFridayCalculator.getHolidays(year)[0];
  if (!found) throw new Error(`no Good Friday computed for ${year}`);
  return found.date.slice(0, 10);
}

const fixed = (month: number, day: number) => (year: number) => formatLocalDate(year, month, day);

export const NYSE_HOLIDAYS: readonly NyseHoliday[] = [
  { name: "New Year's Day", date: fixed(1, 1), observance: 'sunday-only' },
  {
    name: 'Martin Luther King Jr. Day',
    date: (y) => nthWeekdayOfMonth(y, 1, MONDAY, 3),
    observance: 'none',
    firstYear: 1998,
  },
  { name: "Washington's Birthday", date: (y) => nthWeekdayOfMonth(y, 2, MONDAY, 3), observance: 'none' },
  { name: 'Good Friday', date: goodFriday, observance: 'none' },
  { name: 'Memorial Day', date: (y) => nthWeekdayOfMonth(y, 5, MONDAY, -1), observance: 'none' },
  { name: 'Juneteenth', date: fixed(6, 19), observance: 'weekend-shift', firstYear: 2022 },
  { name: 'Independence Day', date: fixed(7, 4), observance: 'weekend-shift' },
  { name: 'Labor Day', date: (y) => nthWeekdayOfMonth(y, 9, MONDAY, 1), observance: 'none' },
  { name: 'Thanksgiving Day', date: (y) => nthWeekdayOfMonth(y, 11, THURSDAY, 4), observance: 'none' },
  { name: 'Christmas Day', date: fixed(12, 25), observance: 'weekend-shift' },
];

/** Unscheduled NYSE closures (national days of mourning, storms, 9/11). */
export const NYSE_SPECIAL_CLOSURES: readonly string[] = [
  '2001-09-11',
  '2001-09-12',
  '2001-09-13',
  '2001-09-14',
  '2004-06-11',
  '2007-01-02',
  '2012-10-29',
  '2012-10-30',
  '2018-12-05',
  '2025-01-09',
];

function observedNyseDate(date: string, observance: NyseObservance): string | null {
  const weekday = weekdayOf(date);
  if (observance === 'none') return date;
  if (weekday === SUNDAY) return addDays(date, 1);
  if (weekday === SATURDAY) return observance === 'weekend-shift' ? addDays(date, -1) : null;
  return date;
}

function usHolidaysOf(year: number): Set<string> {
  const days = new Set<string>();
  for (const holiday of NYSE_HOLIDAYS) {
    if (holiday.firstYear !== undefined && year < holiday.firstYear) continue;
    const observed = observedNyseDate(holiday.date(year), holiday.observance);
    if (observed) days.add(observed);
  }
  for (const day of NYSE_SPECIAL_CLOSURES) if (day.startsWith(`${year}-`)) days.add(day);
  return days;
}

/** Thanksgiving for the early-close rule in the calendar. */
export function thanksgiving(year: number): string {
  return nthWeekdayOfMonth(year, 11, THURSDAY, 4);
}

// China: date-holidays' statutory public holidays for everyone. Half-day holidays and holidays for
// a group only (Women's Day, Youth Day, Children's Day, Army Day carry a `note`) do not close the
// exchange. The exchanges' yearly announced closures (bridging days of the Golden Weeks) are
// wider than this list; see the package README.
let chinaCalculator: Holidays | undefined;

function chinaHolidaysOf(year: number): Set<string> {
  chinaCalculator ??= new Holidays('CN');
  const days = new Set<string>();
  for (const holiday of chinaCalculator.getHolidays(year)) {
    if (holiday.type !== 'public' || 'note' in holiday || !holiday.date.endsWith('00:00:00')) continue;
    days.add(holiday.date.slice(0, 10));
  }
  return days;
}

const yearCache: Record<'usd' | 'cny', Map<number, Set<string>>> = { usd: new Map(), cny: new Map() };

function holidaysOf(market: 'usd' | 'cny', year: number): Set<string> {
  const cache = yearCache[market];
  let days = cache.get(year);
  if (!days) {
    days = market === 'usd' ? usHolidaysOf(year) : chinaHolidaysOf(year);
    cache.set(year, days);
  }
  return days;
}

/** True when the exchange of `market` is closed for a holiday on that market-local date. */
export function isHoliday(market: Market, localDate: string): boolean {
  const { year } = parseLocalDate(localDate);
  if (market === 'jpy') return isJapanHoliday(localDate);
  return holidaysOf(market, year).has(localDate);
}
