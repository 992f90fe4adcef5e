import { LANGUAGE_LOCALE, type Language } from '@kabuto/contract';
import { numberFormat } from './intl';

/**
 * Large counts (volume, shares, turnover) in the reader's short form: 1.2万 / 1.2M / 1.2万.
 * Display only; amounts that are money elsewhere keep their exact formatter.
 */
export function formatCompact(value: string | number | null | undefined, language: Language): string {
  const n = typeof value === 'number' ? value : Number(value);
  if (value === null || value === undefined || value === '' || !Number.isFinite(n)) return '—';
  return numberFormat(LANGUAGE_LOCALE[language], {
    notation: 'compact',
    maximumFractionDigits: Math.abs(n) < 10_000 ? 0 : 2,
  }).format(n);
}

/** A large amount of money in short form with its currency: ¥43.6兆, $3.2T. Display only. */
export function formatCompactMoney(
  value: string | number | null | undefined,
  currency: string,
  language: Language,
): string {
  const n = typeof value === 'number' ? value : Number(value);
  if (value === null || value === undefined || value === '' || !Number.isFinite(n)) return '—';
  return numberFormat(LANGUAGE_LOCALE[language], {
    style: 'currency',
    currency,
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
  }).format(n);
}
