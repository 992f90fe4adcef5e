import { Decimal, LANGUAGE_LOCALE, type Language } from '@kabuto/contract';
import { numberFormat } from './intl';
import type { Trend } from './trend';

export {
  COLOR_SCHEMES,
  type ColorScheme,
  TREND_ARROW,
  type Trend,
  type TrendColor,
  trendColor,
  upColorOf,
} from './trend';

const DECIMAL_TEXT = /^[+-]?\d+(\.\d+)?$/;

/** Parses a wire decimal; empty, '-' or garbage reads as null. */
export function toDecimal(value: string | number | null | undefined): Decimal | null {
  if (typeof value === 'number') return Number.isFinite(value) ? new Decimal(value) : null;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return DECIMAL_TEXT.test(text) ? new Decimal(text) : null;
}

export function trendOf(value: string | number | null | undefined): Trend {
  const d = toDecimal(value);
  if (!d || d.isZero()) return 'flat';
  return d.isPositive() ? 'up' : 'down';
}

/** Red for up in cn and jp, green for up in us (SPEC §12), unless the user chose otherwise. */
function formatDecimal(d: Decimal, decimals: number, language: Language, sign: boolean): string {
  const fixed = d.toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
  return numberFormat(LANGUAGE_LOCALE[language], {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    signDisplay: sign ? 'exceptZero' : 'auto',
    // A string keeps every digit exact (no float round trip).
  }).format(fixed.toFixed(decimals) as Intl.StringNumericLiteral);
}

/** Texts already made: live lists format the same few prices and changes on every redraw. */
const FORMATTED_MAX = 2000;
const formatted = new Map<string, string>();

function formatValue(
  value: string | number | null | undefined,
  decimals: number,
  language: Language,
  sign: boolean,
): string {
  const key = `${typeof value}:${value}|${decimals}|${language}|${sign ? '+' : ''}`;
  let text = formatted.get(key);
  if (text === undefined) {
    text = formatDecimal(toDecimal(value) ?? new Decimal(0), decimals, language, sign);
    if (formatted.size >= FORMATTED_MAX) formatted.clear();
    formatted.set(key, text);
  }
  return text;
}

/** A price with its market's decimals and thousands separators; invalid input shows as zero. */
export function formatPrice(
  value: string | number | null | undefined,
  decimals: number,
  language: Language,
): string {
  return formatValue(value, decimals, language, false);
}

/** A change with an explicit sign: "+12.50", "-3.00", "0.00". */
export function formatSigned(
  value: string | number | null | undefined,
  decimals: number,
  language: Language,
): string {
  return formatValue(value, decimals, language, true);
}

/** A percentage change given in percent units ("1.234" → "+1.23%"). */
export function formatPercent(
  value: string | number | null | undefined,
  language: Language,
  decimals = 2,
): string {
  return `${formatSigned(value, decimals, language)}%`;
}
