import { type AdjustMode, Decimal, type Market, PRICE_DECIMALS } from '@kabuto/contract';
import type { Bar } from './bars';
import { localDateOf } from './calendar';
import { D } from './numeric';

/**
 * A split and/or cash dividend taking effect at the open of `exDate` (market-local date).
 * `splitRatio` 2 means one old share became two; `cashDividend` is per pre-split share.
 */
export type CorporateAction = { exDate: string; splitRatio?: number; cashDividend?: string };

type EffectiveAction = { exDate: string; priceFactor: Decimal; splitRatio: Decimal };

/**
 * The price factor of each action: (previous close − dividend) ÷ previous close ÷ split, where the
 * previous close is the last bar before the ex-date. An action needs bars on both sides to matter:
 * one before the series has no effect on it, one after it has not happened to it yet.
 */
function effectiveActions(
  dated: ReadonlyArray<{ bar: Bar; day: string }>,
  actions: readonly CorporateAction[],
) {
  const first = dated[0];
  const last = dated[dated.length - 1];
  if (!first || !last) return [];
  const effective: EffectiveAction[] = [];
  for (const action of [...actions].sort((a, b) =>
    a.exDate < b.exDate ? -1 : a.exDate > b.exDate ? 1 : 0,
  )) {
    if (action.exDate <= first.day || action.exDate > last.day) continue;
    const split = new D(action.splitRatio ?? 1);
    const dividend = new D(action.cashDividend ?? 0);
    if (!split.isFinite() || split.lte(0))
      throw new RangeError(`split ratio must be positive on ${action.exDate}`);
    if (!dividend.isFinite() || dividend.isNegative()) {
      throw new RangeError(`dividend must not be negative on ${action.exDate}`);
    }
    const previous = dated.findLast((d) => d.day < action.exDate)!;
    const previousClose = new D(previous.bar.close);
    if (dividend.gte(previousClose)) {
      throw new RangeError(
        `dividend ${dividend} is not below the previous close ${previousClose} on ${action.exDate}`,
      );
    }
    effective.push({
      exDate: action.exDate,
      priceFactor: previousClose.minus(dividend).dividedBy(previousClose).dividedBy(split),
      splitRatio: split,
    });
  }
  return effective;
}

/**
 * Chart adjustment (SPEC §6.2). `forward` scales history before each ex-date down to today's
 * basis; `backward` scales everything from each ex-date up to the first bar's basis. Prices round
 * half-up to the market's price decimals; volume moves inversely to splits (rounded to a share);
 * turnover is money that really changed hands and stays as it was.
 */
export function adjustBars(
  bars: readonly Bar[],
  actions: readonly CorporateAction[],
  mode: AdjustMode,
  market: Market,
): Bar[] {
  const dated = bars
    .map((bar) => ({ bar, instant: Date.parse(bar.time) }))
    .sort((a, b) => a.instant - b.instant)
    .map(({ bar, instant }) => ({ bar, day: localDateOf(market, new Date(instant)) }));
  const effective = mode === 'none' ? [] : effectiveActions(dated, actions);
  if (effective.length === 0) return dated.map(({ bar }) => ({ ...bar }));

  const decimals = PRICE_DECIMALS[market];
  const price = (value: string, factor: Decimal) =>
    factor.times(value).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toFixed(decimals);

  return dated.map(({ bar, day }) => {
    let priceFactor = new D(1);
    let shareFactor = new D(1);
    for (const action of effective) {
      const before = day < action.exDate;
      if (mode === 'forward' && before) {
        priceFactor = priceFactor.times(action.priceFactor);
        shareFactor = shareFactor.times(action.splitRatio);
      }
      if (mode === 'backward' && !before) {
        priceFactor = priceFactor.dividedBy(action.priceFactor);
        shareFactor = shareFactor.dividedBy(action.splitRatio);
      }
    }
    return {
      ...bar,
      open: price(bar.open, priceFactor),
      high: price(bar.high, priceFactor),
      low: price(bar.low, priceFactor),
      close: price(bar.close, priceFactor),
      volume: shareFactor.times(bar.volume).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber(),
    };
  });
}

/**
 * The factor `mode` applies to the prices of the newest day of `bars` (daily bars, any order):
 * a live price of that day is drawn on the adjusted bars multiplied by it, so the chart's newest
 * bar is on the same basis as the bars before it. `forward` and `none` leave the newest day as it
 * is (1); `backward` scales it up by every action up to it (2 after a 2:1 split).
 */
export function newestDayFactor(
  bars: readonly Bar[],
  actions: readonly CorporateAction[],
  mode: AdjustMode,
  market: Market,
): string {
  if (mode !== 'backward') return '1';
  const dated = bars
    .map((bar) => ({ bar, instant: Date.parse(bar.time) }))
    .sort((a, b) => a.instant - b.instant)
    .map(({ bar, instant }) => ({ bar, day: localDateOf(market, new Date(instant)) }));
  let factor = new D(1);
  for (const action of effectiveActions(dated, actions)) factor = factor.dividedBy(action.priceFactor);
  return factor.toString();
}

/** A live price on adjusted bars: times the newest day's factor, to the market's price decimals. */
export function adjustLivePrice(price: string, factor: string, market: Market): string {
  const decimals = PRICE_DECIMALS[market];
  return new D(price).times(factor).toDecimalPlaces(decimals, Decimal.ROUND_HALF_UP).toFixed(decimals);
}
