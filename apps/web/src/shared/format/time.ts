import { LANGUAGE_LOCALE, type Language } from '@kabuto/contract';
import { dateTimeFormat } from './intl';

/**
 * Times on screen always say their zone (SPEC §1, §12). One rule: market events (quotes, orders,
 * fills, expiries, closes) in the market's own zone (MARKET_TIMEZONE), account events (money,
 * messages, identity, news) in the reader's zone (`timeZone` left out).
 */
function zoneName(date: Date, language: Language, timeZone: string | undefined): string {
  const parts = dateTimeFormat(LANGUAGE_LOCALE[language], { timeZone, timeZoneName: 'short' }).formatToParts(
    date,
  );
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/**
 * A wire time (ISO 8601 with offset, SPEC §8) in the reader's language, in `timeZone` (default:
 * the reader's), labelled with the zone: "2025/03/14 09:30 JST". Invalid input shows as "—".
 */
export function formatDateTime(
  iso: string | null | undefined,
  language: Language,
  timeZone?: string,
): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  const text = dateTimeFormat(LANGUAGE_LOCALE[language], {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone,
  }).format(date);
  const zone = zoneName(date, language, timeZone);
  return zone ? `${text} ${zone}` : text;
}

/** The calendar date alone (no time, so no zone label): "2025/03/14". */
export function formatDate(iso: string | null | undefined, language: Language, timeZone?: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return dateTimeFormat(LANGUAGE_LOCALE[language], {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  }).format(date);
}
