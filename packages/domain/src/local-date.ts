/**
 * Plain calendar dates as 'YYYY-MM-DD' strings. Arithmetic goes through UTC midnight, which has
 * no daylight-saving jumps, so adding days never lands on the wrong date.
 */
const LOCAL_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export type DateParts = { year: number; month: number; day: number };

export function parseLocalDate(localDate: string): DateParts {
  const match = LOCAL_DATE_PATTERN.exec(localDate);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${localDate}`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`not a calendar date: ${localDate}`);
  }
  return { year, month, day };
}

export function formatLocalDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function toUtc(localDate: string): Date {
  const { year, month, day } = parseLocalDate(localDate);
  return new Date(Date.UTC(year, month - 1, day));
}

function fromUtc(date: Date): string {
  return formatLocalDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

export function addDays(localDate: string, days: number): string {
  const date = toUtc(localDate);
  date.setUTCDate(date.getUTCDate() + days);
  return fromUtc(date);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(localDate: string): number {
  return toUtc(localDate).getUTCDay();
}

export function isWeekend(localDate: string): boolean {
  const weekday = weekdayOf(localDate);
  return weekday === 0 || weekday === 6;
}

/** The Monday starting the ISO week that contains `localDate`. */
export function isoWeekStart(localDate: string): string {
  const weekday = weekdayOf(localDate);
  return addDays(localDate, -((weekday + 6) % 7));
}

/** The `n`-th (1-based) given weekday of a month, or the last one when n is -1. */
export function nthWeekdayOfMonth(year: number, month: number, weekday: number, n: number): string {
  if (n === -1) {
    const last = new Date(Date.UTC(year, month, 0));
    const back = (last.getUTCDay() - weekday + 7) % 7;
    return fromUtc(new Date(Date.UTC(year, month - 1, last.getUTCDate() - back)));
  }
  const first = new Date(Date.UTC(year, month - 1, 1));
  const forward = (weekday - first.getUTCDay() + 7) % 7;
  return fromUtc(new Date(Date.UTC(year, month - 1, 1 + forward + (n - 1) * 7)));
}
