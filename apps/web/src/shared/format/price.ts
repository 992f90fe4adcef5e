import { Decimal, LANGUAGE_LOCALE, type Language } from '@kabuto/contract';

/** Direction of a change; `flat` for zero and for values that are not numbers. */
export type Trend = 'up' | 'down' | 'flat';

/** Price-colour setting (SPEC §12): follow the language's convention or force one. */
export const COLOR_SCHEMES = ['auto', 'redUp', 'greenUp'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];
export type TrendColor = 'red' | 'green' | 'neutral';

/** Never colour alone (SPEC §12): an arrow goes with the colour. */
export const TREND_ARROW: Record<Trend, string> = { up: '▲', down: '▼', flat: '' };

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
export function upColorOf(language: Language, scheme: ColorScheme): 'red' | 'green' {
  if (scheme === 'redUp') return 'red';
  if (scheme === 'greenUp') return 'green';
  return language === 'us' ? 'green' : 'red';
}

export function trendColor(trend: Trend, language: Language, scheme: ColorScheme): TrendColor {
  if (trend === 'flat') return 'neutral';
  const up = upColorOf(language, scheme);
  if (trend === 'up') return up;
  return up === 'red' ? 'green' : 'red';
}

function formatDecimal(d: Decimal, decimals: number, language: Language, sign: boolean): string {
  const fixed = d.toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP);
  return new Intl.NumberFormat(LANGUAGE_LOCALE[language], {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    signDisplay: sign ? 'exceptZero' : 'auto',
    // A string keeps every digit exact (no float round trip).
  }).format(fixed.toFixed(decimals) as Intl.StringNumericLiteral);
}

/** A price with its market's decimals and thousands separators; invalid input shows as zero. */
export function formatPrice(
  value: string | number | null | undefined,
  decimals: number,
  language: Language,
): string {
  return formatDecimal(toDecimal(value) ?? new Decimal(0), decimals, language, false);
}

/** A change with an explicit sign: "+12.50", "-3.00", "0.00". */
export function formatSigned(
  value: string | number | null | undefined,
  decimals: number,
  language: Language,
): string {
  return formatDecimal(toDecimal(value) ?? new Decimal(0), decimals, language, true);
}

/** A percentage change given in percent units ("1.234" → "+1.23%"). */
export function formatPercent(
  value: string | number | null | undefined,
  language: Language,
  decimals = 2,
): string {
  return `${formatSigned(value, decimals, language)}%`;
}
