import type { KlinePeriod, Market } from '@kabuto/contract';
import { adjustLivePrice, type MinuteBucket, minuteBucketStart } from '@kabuto/domain';
import { toDecimal } from '../../../shared/format/price';

/**
 * A bar as the chart draws it (klinecharts' KLineData shape). A type alias, not an interface, so
 * it fits KLineData's open index signature.
 */
export type ChartBar = {
  timestamp: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  turnover: number;
};

/** A bar as /market/kline sends it: decimal strings, ISO time. */
export interface WireBar {
  time: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: number;
  turnover: string;
}

/** The chart's period for each SPEC §6.2 period (time-share draws one-minute bars as an area). */
export const CHART_PERIOD: Record<
  KlinePeriod,
  { type: 'minute' | 'day' | 'week' | 'month' | 'year'; span: number }
> = {
  time: { type: 'minute', span: 1 },
  '5m': { type: 'minute', span: 5 },
  '15m': { type: 'minute', span: 15 },
  '30m': { type: 'minute', span: 30 },
  '60m': { type: 'minute', span: 60 },
  day: { type: 'day', span: 1 },
  week: { type: 'week', span: 1 },
  month: { type: 'month', span: 1 },
  year: { type: 'year', span: 1 },
};

const MINUTE_MS = 60_000;

/** Length of an intraday bar; null for day and longer bars. */
export function intradaySpanMs(period: KlinePeriod): number | null {
  const p = CHART_PERIOD[period];
  return p.type === 'minute' ? p.span * MINUTE_MS : null;
}

/**
 * Wire bars to chart bars. Prices become JavaScript numbers here only to be drawn: the chart
 * plots pixels, nothing computed from these numbers is shown as money.
 */
export function toChartBars(bars: readonly WireBar[]): ChartBar[] {
  const out: ChartBar[] = [];
  for (const bar of bars) {
    const timestamp = Date.parse(bar.time);
    const values = [bar.open, bar.high, bar.low, bar.close].map(Number);
    if (!Number.isFinite(timestamp) || values.some((v) => !Number.isFinite(v))) continue;
    const [open, high, low, close] = values as [number, number, number, number];
    out.push({ timestamp, open, high, low, close, volume: bar.volume, turnover: Number(bar.turnover) || 0 });
  }
  out.sort((a, b) => a.timestamp - b.timestamp);
  return out;
}

/** The part of a drawn bar a tick needs (the chart's own bars have optional volume). */
export interface BarLike {
  timestamp: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume?: number;
  turnover?: number;
}

/** A live price to lay on the chart. */
export interface ChartTick {
  price: string;
  time: string;
  /** The day's traded volume so far. */
  volume: number;
}

/** How a live price lands on the drawn bars: the bars' market and the newest day's adjustment. */
export interface TickBasis {
  market: Market;
  /** The kline answer's `liveFactor`: "2" on backward-adjusted bars after a 2:1 split. */
  factor: string;
}

const MINUTE_BUCKETS: Partial<Record<KlinePeriod, MinuteBucket>> = {
  '5m': 5,
  '15m': 15,
  '30m': 30,
  '60m': 60,
};

/**
 * The bar a live tick updates or opens. The price is first put on the bars' basis (the domain's
 * adjustment of the newest day, so backward-adjusted bars do not end in a false drop). Intraday:
 * the tick falls in the last bar's span, or opens the bar the server would make — minute buckets
 * counted from the open of the session or closed stretch the tick is in (the domain's bar rule),
 * so a bar never runs from the session into the evening. Day and longer: the last bar moves with
 * the price. Ticks older than the last bar change nothing (null).
 */
export function applyTick(
  last: BarLike | undefined,
  tick: ChartTick,
  period: KlinePeriod,
  basis: TickBasis,
): ChartBar | null {
  const time = Date.parse(tick.time);
  if (!last || !Number.isFinite(time) || time < last.timestamp || !toDecimal(tick.price)) return null;
  const price = Number(adjustLivePrice(tick.price, basis.factor, basis.market));
  if (!Number.isFinite(price)) return null;
  const span = intradaySpanMs(period);
  if (span !== null) {
    const bucket = MINUTE_BUCKETS[period];
    const start = bucket ? minuteBucketStart(time, bucket, basis.market) : time - (time % span);
    if (start > last.timestamp)
      return { timestamp: start, open: price, high: price, low: price, close: price, volume: 0, turnover: 0 };
  }
  const volume = last.volume ?? 0;
  return {
    timestamp: last.timestamp,
    open: last.open,
    high: Math.max(last.high, price),
    low: Math.min(last.low, price),
    close: price,
    // The tick's volume is the day's running total: it is the day bar's volume.
    volume: period === 'day' ? Math.max(volume, tick.volume) : volume,
    turnover: last.turnover ?? 0,
  };
}
