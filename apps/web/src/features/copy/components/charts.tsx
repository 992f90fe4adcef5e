import { linePoints } from '../lib/figures';

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

/** The equity curve and, below it, the drawdown from the running peak. */
export function EquityChart({
  equity,
  drawdown,
  equityLabel,
  drawdownLabel,
}: {
  equity: readonly number[];
  drawdown: readonly number[];
  equityLabel: string;
  drawdownLabel: string;
}) {
  return (
    <div className="kb-copy-chart" data-testid="copy-equity-chart">
      <svg viewBox="0 0 320 120" role="img" aria-label={equityLabel} preserveAspectRatio="none">
        <polyline
          className="kb-copy-chart__equity"
          fill="none"
          strokeWidth="1.5"
          points={linePoints(equity, 320, 120, 4)}
        />
      </svg>
      <svg viewBox="0 0 320 48" role="img" aria-label={drawdownLabel} preserveAspectRatio="none">
        <polyline
          className="kb-copy-chart__drawdown"
          fill="none"
          strokeWidth="1.5"
          points={linePoints([0, ...drawdown, 0].slice(1, -1), 320, 48, 4)}
        />
      </svg>
    </div>
  );
}
