import { LANGUAGE_LOCALE, type Language, MARKET_TIMEZONE, type Market } from '@kabuto/contract';
import { dateTimeFormat } from './intl';

/**
 * The one time convention of the app (SPEC §1, §12): whose clock a time is read on.
 * - a market (`'jpy'`, `'usd'`, `'cny'`): market events and everything that belongs to a market's
 *   product — quotes, orders, positions, fills, closes, IPOs, block trades, day trades, copy
 *   trading, and the reviews and settlements of those — in that market's zone;
 * - `'reader'`: the reader's own account actions — deposits, withdrawals, exchanges, loans, fund
 *   records, messages, sessions, identity, news — in the reader's own zone.
 * One screen reads one basis; every time shown carries its zone ("21:26 JST", "GMT+9").
 */
export type TimeBasis = Market | 'reader';

/** The IANA zone of a basis; `undefined` is the reader's own zone. */
export function zoneOf(basis: TimeBasis): string | undefined {
  return basis === 'reader' ? undefined : MARKET_TIMEZONE[basis];
}

function parse(iso: string | Date | null | undefined): Date | null {
  if (!iso) return null;
  const date = iso instanceof Date ? iso : new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

function zoneName(date: Date, language: Language, timeZone: string | undefined): string {
  const parts = dateTimeFormat(LANGUAGE_LOCALE[language], { timeZone, timeZoneName: 'short' }).formatToParts(
    date,
  );
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/** The zone's short label in the reader's language ("JST", "GMT+9", "EST"), as shown after a time. */
export function zoneLabel(basis: TimeBasis, language: Language, at: Date = new Date()): string {
  return zoneName(at, language, zoneOf(basis));
}

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

export type TimeStyle = 'dateTime' | 'time' | 'date';

/**
 * A wire time (ISO 8601 with offset, SPEC §8) on the basis's clock, in the reader's language,
 * labelled with its zone: "2025/03/14 09:30 JST" (`dateTime`), "09:30 JST" (`time`), or the
 * calendar date alone, "2025/03/14" (`date`, no clock so no zone). Missing or invalid input
 * shows as "—".
 */
export function formatWhen(
  iso: string | Date | null | undefined,
  language: Language,
  basis: TimeBasis,
  style: TimeStyle = 'dateTime',
): string {
  const date = parse(iso);
  if (!date) return '—';
  const timeZone = zoneOf(basis);
  const locale = LANGUAGE_LOCALE[language];
  if (style === 'date') return dateTimeFormat(locale, { ...DATE, timeZone }).format(date);
  const options = style === 'time' ? { ...CLOCK, timeZone } : { ...DATE, ...CLOCK, timeZone };
  const text = dateTimeFormat(locale, options).format(date);
  const zone = zoneName(date, language, timeZone);
  return zone ? `${text} ${zone}` : text;
}

/**
 * A calendar day that belongs to no zone (a market's trading day, "2026-11-17") in the reader's
 * date style: "2026/11/17", "11/17/2026". Read as written, never shifted by a zone.
 */
export function formatDay(day: string | null | undefined, language: Language): string {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return '—';
  return dateTimeFormat(LANGUAGE_LOCALE[language], { ...DATE, timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/**
 * The same as `formatWhen` with an explicit IANA zone (default: the reader's). Kept for callers
 * that hold a zone rather than a market; new code says the basis with `formatWhen`.
 */
export function formatDateTime(
  iso: string | null | undefined,
  language: Language,
  timeZone?: string,
): string {
  const date = parse(iso);
  if (!date) return '—';
  const text = dateTimeFormat(LANGUAGE_LOCALE[language], { ...DATE, ...CLOCK, timeZone }).format(date);
  const zone = zoneName(date, language, timeZone);
  return zone ? `${text} ${zone}` : text;
}

/** The calendar date alone (no time, so no zone label): "2025/03/14". */
export function formatDate(iso: string | null | undefined, language: Language, timeZone?: string): string {
  const date = parse(iso);
  if (!date) return '—';
  return dateTimeFormat(LANGUAGE_LOCALE[language], { ...DATE, timeZone }).format(date);
}
