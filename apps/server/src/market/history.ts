import type { Market } from '@kabuto/contract';
import { Decimal, MARKETS } from '@kabuto/contract';
import {
  type CorporateAction,
  localDateOf,
  nextTradingDay,
  previousTradingDay,
  tradingDay,
  tradingDaysBetween,
} from '@kabuto/domain';
import type { DB } from '../db/schema';
import { type DayBarRow, generateHistory, type MinuteBarRow, planCorporateActions } from './simulator';
import { barStore, INSERT_BATCH_ROWS } from './store';
import { CORPORATE_ACTIONS, type InstrumentSpec } from './universe';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** SPEC / ARCHITECTURE "Market": two years of daily history and recent minute bars. */
export const DEFAULT_HISTORY_DAYS = 730;
export const DEFAULT_MINUTE_DAYS = 5;

export interface HistoryOptions {
  seed: string;
  specs: readonly InstrumentSpec[];
  now: Date;
  /** Calendar days of daily history before today. */
  historyDays: number;
  /** Trading days (the most recent ones) that also get 1-minute bars. */
  minuteDays: number;
}

export interface HistoryReport {
  dayRows: number;
  /** 1-minute bars of today's session so far, stored so the intraday chart starts at the open. */
  minuteRows: number;
  filledCodes: number;
  ms: number;
}

/** How one instrument's first history was generated: enough to regenerate its minutes exactly. */
export interface GenerationRecord {
  seed: string;
  generatedAt: string;
  historyDays: number;
  minuteDays: number;
  minutesStored: boolean;
}

const generationKey = (code: string) => `generation:${code}`;

function firstHistory(
  spec: InstrumentSpec,
  seed: string,
  now: Date,
  historyDays: number,
  minuteDays: number,
  actions: CorporateAction[],
) {
  const market = spec.market;
  const lastDay = previousTradingDay(market, tradingDay(market, now));
  const firstDay = localDateOf(market, new Date(now.getTime() - historyDays * DAY_MS));
  const days = tradingDaysBetween(market, firstDay, lastDay);
  return generateHistory({
    seed,
    spec,
    days,
    minuteDays: new Set(minuteDays > 0 ? days.slice(-minuteDays) : []),
    actions,
  });
}

/**
 * First start: generates and stores the daily history of every instrument (SPEC §11: the demo has
 * data on every screen). The most recent days are built from 1-minute bars, which are stored
 * lazily: the first minute chart of an instrument regenerates the same minutes from the recorded
 * generation (see `ensureMinutes`), which keeps the first start short. Later starts keep what is
 * there and only fill the trading days missed while the server was down, continuing each
 * instrument from its last stored close. Inserts ignore rows already present, so two nodes
 * starting together, or a start interrupted half-way, end with the same bars.
 */
export async function ensureHistory(db: DB, options: HistoryOptions): Promise<HistoryReport> {
  const started = performance.now();
  const today = Object.fromEntries(MARKETS.map((m) => [m, tradingDay(m, options.now)])) as Record<
    Market,
    string
  >;
  let actions = await barStore.actions(db);
  if (actions.size === 0) {
    actions = planCorporateActions(options.specs, CORPORATE_ACTIONS, today);
    await barStore.insertActions(db, actions);
  }
  const stored = await barStore.lastDays(db);

  let buffer: DayBarRow[] = [];
  let minuteBuffer: MinuteBarRow[] = [];
  let dayRows = 0;
  let minuteRows = 0;
  let filledCodes = 0;
  const flush = async (force: boolean) => {
    if (buffer.length >= INSERT_BATCH_ROWS || (force && buffer.length > 0)) {
      await barStore.insertDays(db, buffer);
      dayRows += buffer.length;
      buffer = [];
    }
    if (minuteBuffer.length >= INSERT_BATCH_ROWS || (force && minuteBuffer.length > 0)) {
      await barStore.insertMinutes(db, minuteBuffer);
      minuteRows += minuteBuffer.length;
      minuteBuffer = [];
    }
  };
  /** Adds today's session so far after `previousClose` (see `sessionSoFar`). */
  const addToday = (
    spec: InstrumentSpec,
    previousClose: string | undefined,
    codeActions: CorporateAction[],
  ) => {
    if (!previousClose) return;
    const soFar = sessionSoFar(
      spec,
      options.seed,
      today[spec.market],
      previousClose,
      options.now,
      codeActions,
    );
    if (!soFar) return;
    buffer.push(soFar.day);
    minuteBuffer.push(...soFar.minutes);
  };

  for (const spec of options.specs) {
    const market = spec.market;
    const lastDay = previousTradingDay(market, today[market]);
    const last = stored.get(spec.code);
    const codeActions = actions.get(spec.code) ?? [];
    if (last) {
      // Today's bar is there already: the live feed has been writing it.
      if (last.day >= today[market]) continue;
      // Continue after the last stored day; minute bars only come from the live feed then.
      const days =
        last.day >= lastDay ? [] : tradingDaysBetween(market, nextTradingDay(market, last.day), lastDay);
      const missed = generateHistory({
        seed: options.seed,
        spec,
        days,
        minuteDays: new Set(),
        actions: codeActions,
        startClose: last.close,
      }).days;
      buffer.push(...missed);
      const before = buffer.length;
      addToday(spec, missed.at(-1)?.close ?? last.close, codeActions);
      if (missed.length === 0 && buffer.length === before) continue;
    } else {
      const history = firstHistory(
        spec,
        options.seed,
        options.now,
        options.historyDays,
        options.minuteDays,
        codeActions,
      ).days;
      buffer.push(...history);
      addToday(spec, history.at(-1)?.close, codeActions);
      await barStore.setState(
        db,
        generationKey(spec.code),
        {
          seed: options.seed,
          generatedAt: options.now.toISOString(),
          historyDays: options.historyDays,
          minuteDays: options.minuteDays,
          minutesStored: false,
        } satisfies GenerationRecord,
        options.now,
      );
    }
    filledCodes += 1;
    await flush(false);
  }
  await flush(true);
  return { dayRows, minuteRows, filledCodes, ms: Math.round(performance.now() - started) };
}

/**
 * Today's session up to `now` (SPEC §6.2, the intraday chart covers the whole session so far):
 * the minutes already closed of the day the simulator would have made, continuing from the last
 * stored close, and the day's bar they make. The live feed then continues from its last price
 * (the market is primed with this bar), so a server started mid-session shows a full morning,
 * not only the minutes since it started. Null before the first minute has closed.
 */
export function sessionSoFar(
  spec: InstrumentSpec,
  seed: string,
  today: string,
  previousClose: string,
  now: Date,
  actions: CorporateAction[],
): { day: DayBarRow; minutes: MinuteBarRow[] } | null {
  const whole = generateHistory({
    seed,
    spec,
    days: [today],
    minuteDays: new Set([today]),
    actions,
    startClose: previousClose,
  });
  const minutes = whole.minutes.filter((m) => Date.parse(m.time) + MINUTE_MS <= now.getTime());
  const first = minutes[0];
  const last = minutes.at(-1);
  if (!first || !last) return null;
  let { high, low } = first;
  let turnover = new Decimal(0);
  let volume = 0;
  for (const m of minutes) {
    if (new Decimal(m.high).gt(high)) high = m.high;
    if (new Decimal(m.low).lt(low)) low = m.low;
    turnover = turnover.plus(m.turnover);
    volume += m.volume;
  }
  return {
    day: {
      code: spec.code,
      day: today,
      open: first.open,
      high,
      low,
      close: last.close,
      volume,
      turnover: turnover.toString(),
    },
    minutes,
  };
}

/**
 * Stores the generated 1-minute bars of an instrument if they are not stored yet: the same
 * generation as its first history, so they agree with its daily bars. Returns the rows written.
 */
export async function ensureMinutes(
  db: DB,
  spec: InstrumentSpec,
  actions: CorporateAction[],
): Promise<number> {
  const record = await barStore.getState<GenerationRecord>(db, generationKey(spec.code));
  if (!record || record.minutesStored || record.minuteDays <= 0) return 0;
  const { minutes } = firstHistory(
    spec,
    record.seed,
    new Date(record.generatedAt),
    record.historyDays,
    record.minuteDays,
    actions,
  );
  await barStore.insertMinutes(db, minutes);
  const now = new Date();
  await barStore.setState(
    db,
    generationKey(spec.code),
    { ...record, minutesStored: true } satisfies GenerationRecord,
    now,
  );
  return minutes.length;
}
