import { LANGUAGE_LOCALE, type Language, MARKET_TIMEZONE, type Market } from './enums';

/**
 * The one time convention of both apps (SPEC §1, §12): whose clock a time is read on.
 * - a market (`'jpy'`, `'usd'`, `'cny'`): market events and everything that belongs to a market's
 *   product — quotes, orders, positions, fills, closes, IPOs, block trades, day trades, copy
 *   trading, and the reviews and settlements of those — in that market's zone;
 * - `'reader'`: the reader's own actions and account events — deposits, withdrawals, exchanges,
 *   loans, fund records, messages, sessions, identity, news; in the back office, the operator's
 *   and investors' account events, audit, settings — in the reader's own zone.
 * Every time shown carries its zone label ("21:26 JST", "GMT+9", "UTC").
 */
export type TimeBasis = Market | 'reader';

/** `dateTime` "2025/03/14 21:26 JST"; `seconds` the same with seconds (the back office's tables); `time` "21:26 JST"; `date` "2025/03/14" (no clock, so no zone). */
export type TimeStyle = 'dateTime' | 'seconds' | 'time' | 'date';

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * Intl formatters cost a locale lookup to make: one per locale and options, reused. (The investor
 * app's first screen warms its own cache, apps/web/src/shared/format/intl.ts, so this module loads
 * with the screens that show times, not with the welcome screen's 170 KB.)
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

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

const STYLE: Record<Exclude<TimeStyle, 'date'>, Intl.DateTimeFormatOptions> = {
  dateTime: { ...DATE, ...CLOCK },
  seconds: { ...DATE, ...CLOCK, second: '2-digit' },
  time: CLOCK,
};

/**
 * A wire time (ISO 8601 with offset, SPEC §8) on the basis's clock, in the reader's language,
 * labelled with its zone. Missing or invalid input shows as "—".
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
  const text = dateTimeFormat(locale, { ...STYLE[style], timeZone }).format(date);
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
