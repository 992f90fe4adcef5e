import { Decimal } from '@kabuto/contract';
import type { Flash } from './flash';
import type { LiveQuote } from './quote-stream';

/** The fields of a REST quote (/market/quote, /market/hot, …) that a tick can refresh. */
export interface QuoteFields {
  price: string;
  change: string;
  changePercent: string;
  volume: number;
  time: string;
  high?: string;
  low?: string;
}

const DECIMAL_TEXT = /^[+-]?\d+(\.\d+)?$/;

function extreme(current: string | undefined, price: string, pick: 'max' | 'min'): string | undefined {
  if (current === undefined) return undefined;
  if (!DECIMAL_TEXT.test(current) || !DECIMAL_TEXT.test(price)) return current;
  const cmp = new Decimal(price).comparedTo(new Decimal(current));
  return (pick === 'max' ? cmp > 0 : cmp < 0) ? price : current;
}

/**
 * A REST quote with the newer live tick laid over it: price, change and volume from the tick,
 * the day's high and low widened to the live price. An older tick leaves the quote as it is.
 */
export function mergeLive<Q extends QuoteFields>(base: Q, live: LiveQuote | undefined): Q & { flash: Flash } {
  if (!live || Date.parse(live.time) < Date.parse(base.time)) return { ...base, flash: live?.flash ?? null };
  return {
    ...base,
    price: live.price,
    change: live.change,
    changePercent: live.changePercent,
    volume: Math.max(live.volume, base.volume),
    time: live.time,
    high: extreme(base.high, live.price, 'max'),
    low: extreme(base.low, live.price, 'min'),
    flash: live.flash,
  };
}
