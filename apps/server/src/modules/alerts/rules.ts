import { type AlertKind, Decimal, type Market, PRICE_DECIMALS } from '@kabuto/contract';
import type { BookSide } from '../trading/port';

/**
 * SPEC §13.3 rules of a price alert, apart from any I/O: what value each kind accepts, the price
 * at which it fires, and the exact check behind the price book's float pre-filter.
 */

/**
 * Enough significant digits that a NUMERIC(24, 6) price times a percentage factor is exact (the
 * default 20 could round it, and a threshold must compare exactly).
 */
const D = Decimal.clone({ precision: 64, rounding: Decimal.ROUND_HALF_UP });

/** The largest day change a rise / fall alert may ask for (a fall of 100 % is a price of nothing). */
export const MAX_ALERT_PERCENT = 100;
/** Day changes are written with two decimals, as quotes show them. */
const PERCENT_DECIMALS = 2;

/**
 * The alert's value normalised for its kind, or null when the kind refuses it: a price above
 * zero on the market's grid (above / below), or a percentage 0 < x ≤ 100 (rise / fall).
 */
export function alertValue(market: Market, kind: AlertKind, text: string): string | null {
  const value = new D(text);
  if (!value.isFinite() || value.lte(0)) return null;
  if (kind === 'above' || kind === 'below') {
    if (value.decimalPlaces() > PRICE_DECIMALS[market]) return null;
    return value.toFixed(PRICE_DECIMALS[market]);
  }
  if (value.gt(MAX_ALERT_PERCENT) || value.decimalPlaces() > PERCENT_DECIMALS) return null;
  return value.toFixed(PERCENT_DECIMALS);
}

/** A stored value as the investor reads it: a price on the market's grid, or a percentage. */
export function valueView(market: Market, kind: AlertKind, stored: string): string {
  const decimals = kind === 'above' || kind === 'below' ? PRICE_DECIMALS[market] : PERCENT_DECIMALS;
  return new D(stored).toFixed(decimals);
}

/** Whether the kind fires on a price change in percent from the previous close. */
export const isPercentKind = (kind: AlertKind): kind is 'rise' | 'fall' => kind === 'rise' || kind === 'fall';

/** Above and rise fire at or above their threshold; below and fall at or below it. */
export const alertSide = (kind: AlertKind): BookSide =>
  kind === 'above' || kind === 'rise' ? 'atOrAbove' : 'atOrBelow';

/**
 * The price at which the alert fires, exact: its own price, or the day's previous close moved
 * by its percentage (a change of ≥ +x % is a price ≥ close × (100 + x) / 100, so rise and fall
 * alerts sit in the same price books as the others and need no division on a tick).
 */
export function alertThreshold(kind: AlertKind, value: string, previousClose: string): string {
  if (!isPercentKind(kind)) return new D(value).toFixed();
  const factor = kind === 'rise' ? new D(100).plus(value) : new D(100).minus(value);
  return new D(previousClose).times(factor).dividedBy(100).toFixed();
}

/** The exact check: whether `price` meets a threshold on its side. */
export function alertTouched(side: BookSide, threshold: string, price: string): boolean {
  return side === 'atOrAbove' ? new D(price).gte(threshold) : new D(price).lte(threshold);
}

/** The day change at `price` in percent, two decimals half up, without its sign. */
export function dayChangePercent(previousClose: string, price: string): string {
  const close = new D(previousClose);
  if (close.isZero()) return (0).toFixed(PERCENT_DECIMALS);
  return new D(price).minus(close).abs().dividedBy(close).times(100).toFixed(PERCENT_DECIMALS);
}
