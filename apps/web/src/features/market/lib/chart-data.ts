import type { KlinePeriod } from '@kabuto/contract';

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

/**
 * The bar a live tick updates or opens. Intraday: the tick falls in the last bar's span or opens
 * the next one, aligned on the last bar so session-aligned bars stay aligned. Day and longer: the
 * last bar moves with the price. Ticks older than the last bar change nothing (null).
 */
export function applyTick(last: BarLike | undefined, tick: ChartTick, period: KlinePeriod): ChartBar | null {
  const price = Number(tick.price);
  const time = Date.parse(tick.time);
  if (!last || !Number.isFinite(price) || !Number.isFinite(time) || time < last.timestamp) return null;
  const span = intradaySpanMs(period);
  if (span !== null && time >= last.timestamp + span) {
    const start = last.timestamp + Math.floor((time - last.timestamp) / span) * span;
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
