import {
  formatWhen,
  type Language,
  MARKETS,
  type Market,
  type TimeBasis,
  type TimeStyle,
} from '@kabuto/contract';
import i18next from 'i18next';

const LOCALES: Record<string, string> = { cn: 'zh-CN', us: 'en-US', jp: 'ja-JP' };
export const locale = () => LOCALES[i18next.language] ?? 'en-US';

const LANGUAGES: Record<string, Language> = { cn: 'cn', us: 'us', jp: 'jp' };

/** Whether a value the server sent names a market ("jpy", "usd", "cny"). */
export function isMarket(value: unknown): value is Market {
  return typeof value === 'string' && (MARKETS as readonly string[]).includes(value);
}

/**
 * A time through the one convention of both apps (packages/contract time.ts), in the operator's
 * language with seconds: a market's clock for market events (orders, positions, IPOs, block
 * trades, day trades, copy products and their reviews), the reader's own clock for account
 * events (registration, sessions, ledger, deposits, withdrawals, audit, settings, news); always
 * labelled with its zone. The basis may be given as a market or its currency ("JPY" is Tokyo's);
 * anything else (a value the server did not fill) is the reader's.
 */
export function formatTime(
  iso: string | null | undefined,
  basis: TimeBasis | string = 'reader',
  style: TimeStyle = 'seconds',
): string {
  if (!iso) return '-';
  const language = LANGUAGES[i18next.language] ?? 'us';
  const market = basis.toLowerCase();
  return formatWhen(iso, language, isMarket(market) ? market : 'reader', style);
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
