import type { Market } from '@kabuto/contract';
import { daySegments, localDateOf } from './calendar';
import { isoWeekStart } from './local-date';
import { D } from './numeric';

/** A candle. Prices and turnover are decimal strings; `time` is the ISO instant the bar starts. */
export type Bar = {
  time: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: number;
  turnover: string;
};

export type MinuteBucket = 5 | 15 | 30 | 60;
export type CalendarUnit = 'week' | 'month' | 'year';

const MINUTE_MS = 60_000;

function instantOf(bar: Bar): number {
  const t = Date.parse(bar.time);
  if (Number.isNaN(t)) throw new RangeError(`bar time is not an instant: ${bar.time}`);
  return t;
}

function decimalsOf(text: string): number {
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}

/** One bar from consecutive bars (ascending): first open, last close, extremes, summed volume and turnover. */
export function mergeBars(bars: readonly Bar[], time: string): Bar {
  const first = bars[0];
  const last = bars[bars.length - 1];
  if (!first || !last) throw new RangeError('cannot merge zero bars');
  let high = first.high;
  let low = first.low;
  let volume = 0;
  let turnover = new D(0);
  let turnoverDecimals = 0;
  for (const bar of bars) {
    if (new D(bar.high).gt(high)) high = bar.high;
    if (new D(bar.low).lt(low)) low = bar.low;
    volume += bar.volume;
    turnover = turnover.plus(bar.turnover);
    turnoverDecimals = Math.max(turnoverDecimals, decimalsOf(bar.turnover));
  }
  return {
    time,
    open: first.open,
    high,
    low,
    close: last.close,
    volume,
    turnover: turnover.toFixed(turnoverDecimals),
  };
}

/** Groups ascending bars by a key and merges each run; `timeOf` names the merged bar's start. */
function groupRuns(
  bars: readonly Bar[],
  keyOf: (bar: Bar, instant: number) => string | number,
  timeOf: (first: Bar, key: string | number) => string,
): Bar[] {
  const sorted = bars.map((bar) => ({ bar, instant: instantOf(bar) })).sort((a, b) => a.instant - b.instant);
  const result: Bar[] = [];
  let run: Bar[] = [];
  let runKey: string | number | undefined;
  for (const { bar, instant } of sorted) {
    const key = keyOf(bar, instant);
    if (run.length > 0 && key !== runKey) {
      result.push(mergeBars(run, timeOf(run[0]!, runKey!)));
      run = [];
    }
    run.push(bar);
    runKey = key;
  }
  if (run.length > 0) result.push(mergeBars(run, timeOf(run[0]!, runKey!)));
  return result;
}

/**
 * 1-minute bars to 5/15/30/60-minute bars (SPEC §6.2 chart periods). Buckets start at each
 * session's open and stop at its close, so a bar never spans the lunch break or two days; the last
 * bucket of a session may be shorter (Tokyo's 60-minute bars: 9:00, 10:00, 11:00–11:30). Bars
 * outside the sessions (the simulated market trades around the clock when `marketHours` is
 * `always`) are bucketed the same way within the closed stretch they fall in.
 */
export function aggregateMinutes(bars1m: readonly Bar[], minutes: MinuteBucket, market: Market): Bar[] {
  const start = minuteBucketer(minutes, market);
  return groupRuns(
    bars1m,
    (_bar, instant) => start(instant),
    (_first, key) => new Date(key as number).toISOString(),
  );
}

/**
 * The start of the `minutes` bucket an instant falls in, by the rule of `aggregateMinutes`: from
 * the open of the session (or closed stretch) holding it, never across its end. A live price
 * opens its bar here too, so the chart's newest bar starts where the server's will.
 */
export function minuteBucketStart(instant: number, minutes: MinuteBucket, market: Market): number {
  return minuteBucketer(minutes, market)(instant);
}

function minuteBucketer(minutes: MinuteBucket, market: Market): (instant: number) => number {
  const bucketMs = minutes * MINUTE_MS;
  const segmentsByDay = new Map<string, ReturnType<typeof daySegments>>();
  return (instant) => {
    const day = localDateOf(market, new Date(instant));
    let segments = segmentsByDay.get(day);
    if (!segments) {
      segments = daySegments(market, day);
      segmentsByDay.set(day, segments);
    }
    const segment = segments.find((s) => s.start <= instant && instant < s.end);
    if (!segment) throw new Error(`no segment of ${day} holds ${new Date(instant).toISOString()}`);
    return segment.start + Math.floor((instant - segment.start) / bucketMs) * bucketMs;
  };
}

/**
 * Daily bars to weekly (ISO weeks starting Monday), monthly or yearly bars, by the market-local
 * date. A merged bar carries the time of its first daily bar, so it sits on a real trading day.
 */
export function aggregateDaily(barsDay: readonly Bar[], unit: CalendarUnit, market: Market): Bar[] {
  const periodOf = (_bar: Bar, instant: number): string => {
    const day = localDateOf(market, new Date(instant));
    if (unit === 'week') return isoWeekStart(day);
    return unit === 'month' ? day.slice(0, 7) : day.slice(0, 4);
  };
  return groupRuns(barsDay, periodOf, (first) => new Date(instantOf(first)).toISOString());
}
