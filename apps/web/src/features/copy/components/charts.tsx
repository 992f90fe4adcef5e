import type { Language } from '@kabuto/contract';
import { lazy, Suspense, useState } from 'react';
import { linePoints } from '../lib/figures';
import type { CurvePoint } from './curve';

/** A small line of a product's equity (SPEC §6.5 product list sparkline). */
export function Sparkline({ values, label }: { values: readonly string[]; label: string }) {
  const numbers = values.map(Number).filter((n) => Number.isFinite(n));
  const rising = numbers.length > 1 && numbers.at(-1)! >= numbers[0]!;
  return (
    <svg
      className={`kb-copy-spark ${rising ? 'kb-copy-spark--up' : 'kb-copy-spark--down'}`}
      viewBox="0 0 96 32"
      width="96"
      height="32"
      role="img"
      aria-label={label}
      data-testid="copy-sparkline"
    >
      <polyline fill="none" strokeWidth="1.5" points={linePoints(numbers, 96, 32)} />
    </svg>
  );
}

export type { CurvePoint } from './curve';

/** The worst drawdown of a curve (the lowest, as sent). */
export function worstDrawdown(points: readonly CurvePoint[]): string {
  return points.reduce((w, p) => (Number(p.drawdown) < Number(w) ? p.drawdown : w), '0');
}

const EquityPlot = lazy(() => import('./equity-plot'));

/**
 * The equity curve and, below it, the drawdown from the running peak (SPEC §6.5), drawn by the
 * stock chart's library with a dated time axis and value axes in the reader's language. The
 * legend above names each line with its value on the day described (the latest, or the day the
 * reader touches) and the worst drawdown; it is text in the page, so it shows while the chart's
 * library loads and is read by screen readers.
 */
export function EquityChart({
  points,
  language,
  formatMoney,
  formatAxisMoney,
  formatDay,
  formatPercent,
  labels,
}: {
  points: readonly CurvePoint[];
  language: Language;
  formatMoney: (value: string) => string;
  /** Equity on the value axis, short ("¥110.83M"). */
  formatAxisMoney: (value: number) => string;
  formatDay: (day: string) => string;
  /** A fraction ("-0.05") as a percent ("-5.00%"). */
  formatPercent: (fraction: string) => string;
  labels: { equity: string; drawdown: string; worst: string };
}) {
  const [touched, setTouched] = useState<number | null>(null);
  const point = (touched === null ? undefined : points[touched]) ?? points.at(-1);
  if (!point) return null;
  return (
    <figure className="kb-copy-chart" data-testid="copy-equity-chart" aria-label={labels.equity}>
      <figcaption className="kb-copy-chart__legend" data-testid="copy-chart-legend">
        <span className="kb-num" data-testid="copy-chart-day">
          {formatDay(point.day)}
        </span>
        <span className="kb-copy-chart__item">
          <span className="kb-copy-chart__swatch kb-copy-chart__swatch--equity" aria-hidden="true" />
          {labels.equity} <span className="kb-num">{formatMoney(point.equity)}</span>
        </span>
        <span className="kb-copy-chart__item">
          <span className="kb-copy-chart__swatch kb-copy-chart__swatch--drawdown" aria-hidden="true" />
          {labels.drawdown} <span className="kb-num">{formatPercent(point.drawdown)}</span>{' '}
          <span className="kb-num">
            ({labels.worst} {formatPercent(worstDrawdown(points))})
          </span>
        </span>
      </figcaption>
      <Suspense fallback={<div className="kb-copy-chart__canvas" />}>
        <EquityPlot
          points={points}
          language={language}
          formatAxisMoney={formatAxisMoney}
          formatPercentUnits={(value) => formatPercent(String(value / 100))}
          formatDay={formatDay}
          onPoint={setTouched}
        />
      </Suspense>
    </figure>
  );
}
