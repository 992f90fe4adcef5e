import type { AdjustMode, KlinePeriod, Market } from '@kabuto/contract';
import {
  adjustBars,
  aggregateDaily,
  aggregateMinutes,
  type Bar,
  type CorporateAction,
  localDateOf,
  type MinuteBucket,
  newestDayFactor,
} from '@kabuto/domain';
import type { DB } from '../../db/schema';
import { ensureMinutes } from '../../market/history';
import type { InMemoryMarket } from '../../market/service';
import { dayBarTime } from '../../market/simulator';
import { barStore, tradingDayRange } from '../../market/store';

/** Most 1-minute bars one chart request reads (CONVENTIONS §11). */
export const MINUTE_ROWS_MAX = 10_000;

const MINUTE_BUCKETS: Partial<Record<KlinePeriod, MinuteBucket>> = {
  '5m': 5,
  '15m': 15,
  '30m': 30,
  '60m': 60,
};
const CALENDAR_UNITS: Partial<Record<KlinePeriod, 'week' | 'month' | 'year'>> = {
  week: 'week',
  month: 'month',
  year: 'year',
};

export interface DayBar extends Bar {
  day: string;
}

interface History {
  /** Trading day the history was loaded on; it holds the days before it. */
  today: string;
  bars: DayBar[];
}

export interface KlineRequest {
  code: string;
  period: KlinePeriod;
  adjust: AdjustMode;
  before: Date | null;
  size: number;
}

export interface KlineAnswer {
  bars: Bar[];
  more: boolean;
  day: string | null;
}

export interface KlineWithFactor extends KlineAnswer {
  /** What a live price is multiplied by to be drawn on these bars (the newest day's adjustment). */
  liveFactor: string;
}

/**
 * Chart bars (SPEC §6.2, ARCHITECTURE "Market"): stored 1-minute and daily bars, the current
 * minute and day from the live market, aggregated with the domain's bar rules and adjusted with
 * its adjustment rule. Daily history changes once a day, so each instrument's history (raw and
 * adjusted) is cached per trading day; the live day is merged on every request.
 */
export class KlineService {
  private readonly histories = new Map<string, Promise<History>>();
  /** One entry per code and mode (and unit), replaced when its stamp (trading day, length) changes. */
  private readonly adjusted = new Map<string, { stamp: string; bars: DayBar[] }>();
  private readonly aggregated = new Map<string, { stamp: string; bars: Bar[] }>();
  private readonly minutesReady = new Map<string, Promise<unknown>>();
  /** Per market: the recent daily bars of its codes (rankings), loaded once per trading day. */
  private readonly recent = new Map<
    Market,
    { today: string; codes: string; from: string; bars: Promise<Map<string, DayBar[]>> }
  >();

  constructor(
    private readonly db: DB,
    private readonly market: InMemoryMarket,
    private readonly now: () => Date,
  ) {}

  /** Forgets cached history (after seeding or filling gaps). */
  clear(): void {
    this.histories.clear();
    this.adjusted.clear();
    this.aggregated.clear();
    this.minutesReady.clear();
    this.recent.clear();
  }

  /** Generated 1-minute history is stored on first use (market/history.ts ensureMinutes). */
  private prepareMinutes(code: string): Promise<unknown> {
    let ready = this.minutesReady.get(code);
    if (!ready) {
      const spec = this.market.spec(code);
      ready = spec ? ensureMinutes(this.db, spec, this.market.corporateActions(code)) : Promise.resolve();
      ready.catch(() => this.minutesReady.delete(code));
      this.minutesReady.set(code, ready);
    }
    return ready;
  }

  private today(market: Market): string {
    return this.market.tradingDay(market, this.now());
  }

  /** Stored daily bars before today, ascending (cached per trading day). */
  async history(code: string, market: Market): Promise<DayBar[]> {
    const today = this.today(market);
    const key = `${code}|${today}`;
    let entry = this.histories.get(key);
    if (!entry) {
      for (const k of this.histories.keys()) if (k.startsWith(`${code}|`)) this.histories.delete(k);
      entry = barStore.days(this.db, code).then((rows) => ({
        today,
        bars: rows.filter((r) => r.day < today).map((r) => storedDayBar(market, r)),
      }));
      entry.catch(() => this.histories.delete(key));
      this.histories.set(key, entry);
    }
    return (await entry).bars;
  }

  /** Today's bar from the live market, when it has traded today. */
  private liveDay(code: string, market: Market): DayBar | null {
    const live = this.market.dayBar(code);
    if (!live || live.day !== this.today(market)) return null;
    // In `always` hours a closed day's trading belongs to the next trading day; its bar is drawn
    // at the market's own date, so a chart never shows a day still to come.
    const own = localDateOf(market, this.now());
    return { ...live, time: dayBarTime(market, live.day > own ? own : live.day) };
  }

  /** Past days adjusted (cached), plus today's bar adjusted on its own. */
  async adjustedDays(code: string, market: Market, mode: AdjustMode): Promise<DayBar[]> {
    const past = await this.history(code, market);
    const actions = this.market.corporateActions(code);
    const live = this.liveDay(code, market);
    if (mode === 'none' || actions.length === 0) return live ? [...past, live] : past;
    const key = `${code}|${mode}`;
    const stamp = `${this.today(market)}|${past.length}`;
    let adjustedPast = this.adjusted.get(key)?.stamp === stamp ? this.adjusted.get(key)!.bars : null;
    if (!adjustedPast) {
      adjustedPast = withDays(adjustBars(past, actions, mode, market), past);
      this.adjusted.set(key, { stamp, bars: adjustedPast });
    }
    if (!live) return adjustedPast;
    // Forward adjustment leaves the newest day as it is; backward scales it by every action so far.
    const liveAdjusted =
      mode === 'forward'
        ? live
        : { ...adjustWithContext([live], past, actions, mode, market)[0]!, day: live.day };
    return [...adjustedPast, liveAdjusted];
  }

  /**
   * The daily bars of several codes from `from` on, forward-adjusted as `adjustedDays` adjusts
   * them, with today's live bar: the stored days come from one query for all the codes (cached
   * for the trading day), not from each code's whole history, so a cold start answers at once.
   * Forward adjustment scales a day only by the actions after it, with the close before each
   * ex-date, so adjusting the recent days alone gives the figures adjusting the whole history
   * gives (printed to the market's price decimals only when an action falls among them).
   */
  async recentDays(codes: readonly string[], market: Market, from: string): Promise<Map<string, DayBar[]>> {
    const today = this.today(market);
    const key = codes.join(',');
    let entry = this.recent.get(market);
    if (!entry || entry.today !== today || entry.codes !== key || entry.from > from) {
      const bars = barStore.daysFrom(this.db, codes, from).then((rows) => {
        const byCode = new Map<string, DayBar[]>();
        for (const r of rows) {
          if (r.day >= today) continue;
          const list = byCode.get(r.code) ?? [];
          if (list.length === 0) byCode.set(r.code, list);
          list.push(storedDayBar(market, r));
        }
        for (const [code, list] of byCode) {
          const actions = this.market.corporateActions(code);
          if (actions.length > 0)
            byCode.set(code, withDays(adjustBars(list, actions, 'forward', market), list));
        }
        return byCode;
      });
      entry = { today, codes: key, from, bars };
      bars.catch(() => {
        if (this.recent.get(market) === entry) this.recent.delete(market);
      });
      this.recent.set(market, entry);
    }
    const stored = await entry.bars;
    const answer = new Map<string, DayBar[]>();
    for (const code of codes) {
      const days = (stored.get(code) ?? []).filter((d) => d.day >= from);
      const live = this.liveDay(code, market);
      answer.set(code, live ? [...days, live] : days);
    }
    return answer;
  }

  async kline(code: string, market: Market, request: KlineRequest): Promise<KlineWithFactor> {
    const [answer, liveFactor] = await Promise.all([
      this.bars(code, market, request),
      this.liveFactor(code, market, request.adjust),
    ]);
    return { ...answer, liveFactor };
  }

  /** The newest day's adjustment factor: backward adjustment scales today's live prices too. */
  private async liveFactor(code: string, market: Market, mode: AdjustMode): Promise<string> {
    const actions = this.market.corporateActions(code);
    if (mode !== 'backward' || actions.length === 0) return '1';
    const past = await this.history(code, market);
    const live = this.liveDay(code, market);
    return newestDayFactor(live ? [...past, live] : past, actions, mode, market);
  }

  private async bars(code: string, market: Market, request: KlineRequest): Promise<KlineAnswer> {
    const { period } = request;
    if (period === 'time') return this.timeShare(code, market, request);
    const bucket = MINUTE_BUCKETS[period];
    if (bucket) return this.minutes(code, market, bucket, request);
    const days = await this.adjustedDays(code, market, request.adjust);
    const unit = CALENDAR_UNITS[period];
    if (!unit) return page(days.map(stripDay), request.before, request.size);
    if (!request.before) {
      return page(await this.calendarBars(code, market, request.adjust, unit, days), null, request.size);
    }
    const cutoff = request.before.getTime();
    const earlier = days.filter((d) => Date.parse(d.time) < cutoff);
    return page(aggregateDaily(earlier, unit, market), null, request.size);
  }

  /** Week/month/year bars: the past aggregated once per day, today's bar merged into the last period. */
  private async calendarBars(
    code: string,
    market: Market,
    mode: AdjustMode,
    unit: 'week' | 'month' | 'year',
    days: DayBar[],
  ): Promise<Bar[]> {
    const live = this.liveDay(code, market);
    const past = live ? days.slice(0, -1) : days;
    const key = `${code}|${mode}|${unit}`;
    const stamp = `${this.today(market)}|${past.length}`;
    let bars = this.aggregated.get(key)?.stamp === stamp ? this.aggregated.get(key)!.bars : null;
    if (!bars) {
      bars = aggregateDaily(past, unit, market);
      this.aggregated.set(key, { stamp, bars });
    }
    const lastDay = days[days.length - 1];
    if (!live || !lastDay) return bars;
    const last = bars[bars.length - 1];
    if (!last) return [stripDay(lastDay)];
    return [...bars.slice(0, -1), ...aggregateDaily([last, lastDay], unit, market)];
  }

  /** Intraday: every 1-minute bar of one trading day (today, or the latest day with bars before `before`). */
  private async timeShare(code: string, market: Market, request: KlineRequest): Promise<KlineAnswer> {
    await this.prepareMinutes(code);
    const now = this.now();
    const cutoff = request.before ?? new Date(now.getTime() + 60_000);
    let day = request.before ? null : this.today(market);
    let bars: Bar[] = [];
    if (day) bars = await this.dayMinutes(code, market, day, cutoff, true);
    if (bars.length === 0) {
      const latest = await barStore.latestMinuteBefore(this.db, code, cutoff);
      if (!latest) return { bars: [], more: false, day: null };
      day = this.market.tradingDay(market, latest);
      bars = await this.dayMinutes(code, market, day, cutoff, !request.before);
    }
    const { from } = tradingDayRange(market, day!);
    const more = (await barStore.latestMinuteBefore(this.db, code, from)) !== null;
    return { bars: await this.adjustMinutes(code, market, bars, request.adjust), more, day };
  }

  private async dayMinutes(
    code: string,
    market: Market,
    day: string,
    cutoff: Date,
    withOpen: boolean,
  ): Promise<Bar[]> {
    const range = tradingDayRange(market, day);
    const to = cutoff < range.to ? cutoff : range.to;
    const bars = await barStore.minutesBetween(this.db, code, range.from, to);
    return withOpen ? this.appendOpenMinute(code, bars, range.from, to) : bars;
  }

  /** The minute still being built is shown too (it is not stored before it closes). */
  private appendOpenMinute(code: string, bars: Bar[], from: Date, to: Date): Bar[] {
    const open = this.market.openMinute(code);
    if (!open) return bars;
    const t = Date.parse(open.time);
    if (t < from.getTime() || t >= to.getTime()) return bars;
    const last = bars[bars.length - 1];
    if (last && Date.parse(last.time) >= t)
      return last.time === open.time ? [...bars.slice(0, -1), open] : bars;
    return [...bars, open];
  }

  private async minutes(
    code: string,
    market: Market,
    bucket: MinuteBucket,
    request: KlineRequest,
  ): Promise<KlineAnswer> {
    await this.prepareMinutes(code);
    const limit = Math.min(MINUTE_ROWS_MAX, request.size * bucket + bucket);
    const cutoff = request.before ?? new Date(this.now().getTime() + 60_000);
    let rows = await barStore.minutesBefore(this.db, code, cutoff, limit);
    const more = rows.length === limit;
    if (!request.before) rows = this.appendOpenMinute(code, rows, new Date(0), cutoff);
    const adjusted = await this.adjustMinutes(code, market, rows, request.adjust);
    let bars = aggregateMinutes(adjusted, bucket, market);
    // The oldest bucket may have been cut by the row limit; drop it when older rows exist.
    if (more && bars.length > 1) bars = bars.slice(1);
    const tail = bars.slice(-request.size);
    return { bars: tail, more: more || bars.length > tail.length, day: null };
  }

  private async adjustMinutes(code: string, market: Market, bars: Bar[], mode: AdjustMode): Promise<Bar[]> {
    const actions = this.market.corporateActions(code);
    if (mode === 'none' || actions.length === 0 || bars.length === 0) return bars;
    const days = await this.history(code, market);
    return adjustWithContext(bars, days, actions, mode, market);
  }
}

/** A stored day row as a chart day bar, stamped at its market's close. */
function storedDayBar(
  market: Market,
  r: {
    day: string;
    open: string;
    high: string;
    low: string;
    close: string;
    volume: unknown;
    turnover: string;
  },
): DayBar {
  return {
    day: r.day,
    time: dayBarTime(market, r.day),
    open: r.open,
    high: r.high,
    low: r.low,
    close: r.close,
    volume: Number(r.volume),
    turnover: r.turnover,
  };
}

function stripDay(bar: DayBar | Bar): Bar {
  return {
    time: bar.time,
    open: bar.open,
    high: bar.high,
    low: bar.low,
    close: bar.close,
    volume: bar.volume,
    turnover: bar.turnover,
  };
}

function withDays(adjusted: Bar[], original: DayBar[]): DayBar[] {
  return adjusted.map((bar, i) => ({ ...bar, day: original[i]!.day }));
}

/** The newest `size` bars strictly before `before`, and whether older ones exist. */
function page(bars: Bar[], before: Date | null, size: number): KlineAnswer {
  let end = bars.length;
  if (before) {
    const cutoff = before.getTime();
    while (end > 0 && Date.parse(bars[end - 1]!.time) >= cutoff) end -= 1;
  }
  const start = Math.max(0, end - size);
  return { bars: bars.slice(start, end).map(stripDay), more: start > 0, day: null };
}

/**
 * Adjusts a slice of bars as if the whole history were adjusted (SPEC §6.2): the domain rule
 * takes an action into account only with bars on both sides of its ex-date, and takes the
 * previous close from the bar before it, so the slice travels with the daily bars that give each
 * action its context (the first day, and the days around each ex-date outside the slice).
 */
export function adjustWithContext(
  slice: readonly Bar[],
  days: ReadonlyArray<DayBar>,
  actions: readonly CorporateAction[],
  mode: AdjustMode,
  market: Market,
): Bar[] {
  if (mode === 'none' || actions.length === 0 || slice.length === 0) return [...slice];
  const firstDay = localDateOf(market, new Date(slice[0]!.time));
  const lastDay = localDateOf(market, new Date(slice[slice.length - 1]!.time));
  const outside = (d: DayBar) => d.day < firstDay || d.day > lastDay;
  const context = new Set<DayBar>();
  const first = days[0];
  const last = days[days.length - 1];
  if (first && outside(first)) context.add(first);
  if (last && outside(last)) context.add(last);
  for (const action of actions) {
    const index = days.findIndex((d) => d.day >= action.exDate);
    const before = index === -1 ? last : days[index - 1];
    const on = index === -1 ? undefined : days[index];
    if (before && outside(before)) context.add(before);
    if (on && outside(on)) context.add(on);
  }
  if (context.size === 0) return adjustBars(slice, actions, mode, market);
  const contextTimes = new Set([...context].map((d) => d.time));
  const merged = [...context].map(stripDay).concat(slice);
  return adjustBars(merged, actions, mode, market).filter((bar) => !contextTimes.has(bar.time));
}
