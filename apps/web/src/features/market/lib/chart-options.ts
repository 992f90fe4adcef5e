import type { AdjustMode, KlinePeriod, Language, Market } from '@kabuto/contract';
import { LANGUAGE_LOCALE, PRICE_DECIMALS } from '@kabuto/contract';
import { formatCompact } from '../../../shared/format/compact';
import { numberFormat } from '../../../shared/format/intl';

/** Indicators the chart offers (SPEC §2 /quotes/info: main and sub indicators). */
export const MAIN_INDICATORS = ['MA', 'EMA', 'BOLL'] as const;
export type MainIndicator = (typeof MAIN_INDICATORS)[number];
export const SUB_INDICATORS = ['VOL', 'MACD', 'KDJ', 'RSI'] as const;
export type SubIndicator = (typeof SUB_INDICATORS)[number];

/** Forward adjustment by default: history on today's basis, so a split is not drawn as a crash. */
export const DEFAULT_ADJUST: AdjustMode = 'forward';

export function oneOf<T extends string>(list: readonly T[], value: unknown): T | undefined {
  return list.find((item) => item === value);
}

/**
 * The main-pane overlays a period draws: none on the intraday line (a moving average of one-minute
 * prices over a single session says nothing and hides the line).
 */
export function mainOverlays(period: KlinePeriod, main: MainIndicator): MainIndicator[] {
  return period === 'time' ? [] : [main];
}

/** Year bars a chart needs before the year period is offered (fewer say nothing about a trend). */
export const MIN_YEAR_BARS = 10;

/**
 * The periods to offer, given the year bars the instrument has (`null` while unknown): the year
 * period only when its history holds at least MIN_YEAR_BARS of them.
 */
export function offeredPeriods(
  periods: readonly KlinePeriod[],
  yearBars: { count: number; more: boolean } | null,
): KlinePeriod[] {
  const enoughYears = yearBars !== null && (yearBars.more || yearBars.count >= MIN_YEAR_BARS);
  return periods.filter((p) => p !== 'year' || enoughYears);
}

/**
 * Decimals an indicator's values are shown with: volume in whole shares; every other indicator
 * (moving averages, bands, MACD, KDJ, RSI) at the instrument's price decimals.
 */
export function indicatorPrecision(name: MainIndicator | SubIndicator, market: Market): number {
  return name === 'VOL' ? 0 : PRICE_DECIMALS[market];
}

/** A number at fixed decimals in the reader's language, '—' when missing. */
export function formatFixed(value: number | undefined | null, decimals: number, language: Language): string {
  if (value === undefined || value === null || !Number.isFinite(value)) return '—';
  return numberFormat(LANGUAGE_LOCALE[language], {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}

/**
 * Large counts on the chart (volume axis, volume legend) in the same short form as the rest of
 * the app speaks for the reader's language: 万/亿 in Chinese, 万/億 in Japanese, K/M/B in English.
 */
export function chartBigNumber(language: Language): (value: string | number) => string {
  return (value) => {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(n)) return String(value);
    return Math.abs(n) < 10_000 ? formatFixed(n, 0, language) : formatCompact(n, language);
  };
}

/** An indicator as the chart holds it: its figures (key and title) and computed values per bar. */
export interface IndicatorLike {
  name: string;
  figures: ReadonlyArray<{ key: string; title?: string }>;
  result: ReadonlyArray<Record<string, number | undefined> | undefined>;
}

export interface LegendItem {
  label: string;
  text: string;
}

/** An indicator's values at one bar, for the legend above the chart (the chart draws none). */
export function indicatorLegend(
  indicator: IndicatorLike,
  index: number,
  format: (value: number | undefined) => string,
  /** Labels in the reader's language for figures the chart titles in English, by figure key. */
  titles: Record<string, string> = {},
): LegendItem[] {
  const values = indicator.result[index] ?? {};
  return indicator.figures
    .filter((figure) => figure.title)
    .map((figure) => ({
      label: titles[figure.key] ?? (figure.title ?? '').replace(/:\s*$/, ''),
      text: format(values[figure.key]),
    }));
}
