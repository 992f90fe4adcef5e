import { LANGUAGE_LOCALE, type Language } from '@kabuto/contract';

/**
 * A wire time (ISO 8601 with offset, SPEC §8) in the reader's language and time zone:
 * "2025/03/14 09:30". Invalid input shows as "—".
 */
export function formatDateTime(
  iso: string | null | undefined,
  language: Language,
  timeZone?: string,
): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(LANGUAGE_LOCALE[language], {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone,
  }).format(date);
}

export function formatDate(iso: string | null | undefined, language: Language, timeZone?: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(LANGUAGE_LOCALE[language], {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  }).format(date);
}
