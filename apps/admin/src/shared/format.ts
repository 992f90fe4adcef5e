import i18next from 'i18next';

const LOCALES: Record<string, string> = { cn: 'zh-CN', us: 'en-US', jp: 'ja-JP' };
export const locale = () => LOCALES[i18next.language] ?? 'en-US';

/** A time in the reader's locale, Tokyo time (the business day of SPEC §6.4). */
export function formatTime(iso: string | null | undefined): string {
  return formatTimeIn(iso, 'Asia/Tokyo');
}

/** A time in the reader's locale, in the given zone (a market's own time). */
export function formatTimeIn(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '-';
  return new Intl.DateTimeFormat(locale(), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
    timeZone,
  }).format(new Date(iso));
}

/** A decimal string with the locale's separators; money never passes through a float to be shown. */
export function formatAmount(decimal: string | null | undefined): string {
  if (decimal === null || decimal === undefined || decimal === '' || decimal === '-') return '0';
  const negative = decimal.startsWith('-');
  const [whole = '0', fraction] = decimal.replace(/^-/, '').split('.');
  const grouped = new Intl.NumberFormat(locale()).format(BigInt(whole));
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** A duration in days, hours and minutes, in the reader's language. */
export function formatDuration(ms: number): string {
  const t = i18next.t.bind(i18next);
  const minutes = Math.max(0, Math.floor(Math.abs(ms) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts = [];
  if (days) parts.push(t('time.days', { count: days }));
  if (hours || days) parts.push(t('time.hours', { count: hours }));
  parts.push(t('time.minutes', { count: rest }));
  return parts.join(' ');
}

/**
 * A price as a decimal string with the locale's separators and no padding zeros past what the
 * value carries ("3319.000000" → "3,319", "2700.50" → "2,700.5"); never through a float.
 */
export function formatPrice(decimal: string | null | undefined): string {
  if (decimal === null || decimal === undefined || decimal === '') return '-';
  const [whole = '0', fraction = ''] = decimal.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return formatAmount(trimmed ? `${whole}.${trimmed}` : whole);
}
