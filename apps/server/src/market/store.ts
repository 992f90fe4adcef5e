import type { Market } from '@kabuto/contract';
import { MARKET_TIMEZONE } from '@kabuto/contract';
import { type Bar, type CorporateAction, previousTradingDay, zonedInstant } from '@kabuto/domain';
import { type ColumnType, sql } from 'kysely';
import type { DB, Executor } from '../db/schema';
import type { StoredDayState } from './service';
import type { DayBarRow, MinuteBarRow } from './simulator';

type Numeric = ColumnType<string, string, string>;

export interface MarketBarsDayTable {
  code: string;
  day: ColumnType<Date, string, string>;
  open: Numeric;
  high: Numeric;
  low: Numeric;
  close: Numeric;
  volume: number;
  turnover: Numeric;
}

export interface MarketBarsMinuteTable {
  code: string;
  time: ColumnType<Date, string | Date, string | Date>;
  open: Numeric;
  high: Numeric;
  low: Numeric;
  close: Numeric;
  volume: number;
  turnover: Numeric;
}

export interface MarketCorporateActionsTable {
  code: string;
  ex_date: ColumnType<Date, string, string>;
  split_ratio: ColumnType<string | null, string | null, string | null>;
  cash_dividend: ColumnType<string | null, string | null, string | null>;
}

export interface MarketStateTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface WatchlistTable {
  user_id: number;
  code: string;
  position: number;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

declare module '../db/schema' {
  interface Tables {
    market_bars_day: MarketBarsDayTable;
    market_bars_1m: MarketBarsMinuteTable;
    market_corporate_actions: MarketCorporateActionsTable;
    market_state: MarketStateTable;
    watchlist: WatchlistTable;
  }
}

/** Rows per bulk insert: one statement with one array per column (unnest), bounded in size. */
export const INSERT_BATCH_ROWS = 20_000;

/**
 * Bar storage (ARCHITECTURE "Market": bars at 1 minute and 1 day, NUMERIC prices). Inserts go
 * through `unnest` of column arrays, which PostgreSQL and PGlite take as one fast statement.
 */
export const barStore = {
  async insertDays(db: Executor, rows: readonly DayBarRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += INSERT_BATCH_ROWS) {
      const batch = rows.slice(i, i + INSERT_BATCH_ROWS);
      const col = <K extends keyof DayBarRow>(k: K) => batch.map((r) => r[k]);
      await sql`
        INSERT INTO market_bars_day (code, day, open, high, low, close, volume, turnover)
        SELECT * FROM unnest(
          ${col('code')}::text[], ${col('day')}::date[], ${col('open')}::numeric[], ${col('high')}::numeric[],
          ${col('low')}::numeric[], ${col('close')}::numeric[], ${col('volume')}::bigint[], ${col('turnover')}::numeric[])
        ON CONFLICT (code, day) DO NOTHING`.execute(db);
    }
  },

  async insertMinutes(db: Executor, rows: readonly MinuteBarRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += INSERT_BATCH_ROWS) {
      const batch = rows.slice(i, i + INSERT_BATCH_ROWS);
      const col = <K extends keyof MinuteBarRow>(k: K) => batch.map((r) => r[k]);
      await sql`
        INSERT INTO market_bars_1m (code, time, open, high, low, close, volume, turnover)
        SELECT * FROM unnest(
          ${col('code')}::text[], ${col('time')}::timestamptz[], ${col('open')}::numeric[], ${col('high')}::numeric[],
          ${col('low')}::numeric[], ${col('close')}::numeric[], ${col('volume')}::bigint[], ${col('turnover')}::numeric[])
        ON CONFLICT (code, time) DO NOTHING`.execute(db);
    }
  },

  /** Live bars: a closed minute replaces nothing older; the day's bar is rewritten as it grows. */
  async upsertLive(
    db: Executor,
    minutes: readonly MinuteBarRow[],
    days: readonly DayBarRow[],
  ): Promise<void> {
    if (minutes.length > 0) {
      const col = <K extends keyof MinuteBarRow>(k: K) => minutes.map((r) => r[k]);
      await sql`
        INSERT INTO market_bars_1m (code, time, open, high, low, close, volume, turnover)
        SELECT * FROM unnest(
          ${col('code')}::text[], ${col('time')}::timestamptz[], ${col('open')}::numeric[], ${col('high')}::numeric[],
          ${col('low')}::numeric[], ${col('close')}::numeric[], ${col('volume')}::bigint[], ${col('turnover')}::numeric[])
        ON CONFLICT (code, time) DO UPDATE SET high = GREATEST(market_bars_1m.high, excluded.high),
          low = LEAST(market_bars_1m.low, excluded.low), close = excluded.close,
          volume = market_bars_1m.volume + excluded.volume, turnover = market_bars_1m.turnover + excluded.turnover`.execute(
        db,
      );
    }
    if (days.length > 0) {
      const col = <K extends keyof DayBarRow>(k: K) => days.map((r) => r[k]);
      await sql`
        INSERT INTO market_bars_day (code, day, open, high, low, close, volume, turnover)
        SELECT * FROM unnest(
          ${col('code')}::text[], ${col('day')}::date[], ${col('open')}::numeric[], ${col('high')}::numeric[],
          ${col('low')}::numeric[], ${col('close')}::numeric[], ${col('volume')}::bigint[], ${col('turnover')}::numeric[])
        ON CONFLICT (code, day) DO UPDATE SET open = excluded.open, high = excluded.high, low = excluded.low,
          close = excluded.close, volume = excluded.volume, turnover = excluded.turnover`.execute(db);
    }
  },

  /** All daily bars of a code, ascending. */
  async days(db: Executor, code: string): Promise<DayBarRow[]> {
    const rows = await db
      .selectFrom('market_bars_day')
      .select([
        'code',
        sql<string>`day::text`.as('day'),
        'open',
        'high',
        'low',
        'close',
        'volume',
        'turnover',
      ])
      .where('code', '=', code)
      .orderBy('day', 'asc')
      .execute();
    return rows;
  },

  /** Daily bars of several codes from `fromDay` on (inclusive), ascending per code. */
  async daysFrom(db: Executor, codes: readonly string[], fromDay: string): Promise<DayBarRow[]> {
    if (codes.length === 0) return [];
    return db
      .selectFrom('market_bars_day')
      .select([
        'code',
        sql<string>`day::text`.as('day'),
        'open',
        'high',
        'low',
        'close',
        'volume',
        'turnover',
      ])
      .where('code', 'in', codes)
      .where('day', '>=', sql<Date>`${fromDay}::date`)
      .orderBy('code')
      .orderBy('day', 'asc')
      .execute();
  },

  /** Up to `limit` 1-minute bars strictly before `before`, returned ascending. */
  async minutesBefore(db: Executor, code: string, before: Date, limit: number): Promise<Bar[]> {
    const rows = await db
      .selectFrom('market_bars_1m')
      .select(['time', 'open', 'high', 'low', 'close', 'volume', 'turnover'])
      .where('code', '=', code)
      .where('time', '<', before)
      .orderBy('time', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse().map((r) => ({ ...r, time: r.time.toISOString() }));
  },

  /** 1-minute bars in [from, to), ascending. */
  async minutesBetween(db: Executor, code: string, from: Date, to: Date): Promise<Bar[]> {
    const rows = await db
      .selectFrom('market_bars_1m')
      .select(['time', 'open', 'high', 'low', 'close', 'volume', 'turnover'])
      .where('code', '=', code)
      .where('time', '>=', from)
      .where('time', '<', to)
      .orderBy('time', 'asc')
      .execute();
    return rows.map((r) => ({ ...r, time: r.time.toISOString() }));
  },

  async latestMinuteBefore(db: Executor, code: string, before: Date): Promise<Date | null> {
    const row = await db
      .selectFrom('market_bars_1m')
      .select('time')
      .where('code', '=', code)
      .where('time', '<', before)
      .orderBy('time', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.time ?? null;
  },

  /** Per code: the last close before `today` and today's bar if stored (market service priming). */
  async dayStates(
    db: Executor,
    codes: ReadonlyArray<{ code: string; today: string }>,
  ): Promise<StoredDayState[]> {
    if (codes.length === 0) return [];
    const list = codes.map((c) => c.code);
    const todays = codes.map((c) => c.today);
    const result = await sql<{
      code: string;
      previous_close: string | null;
      open: string | null;
      high: string | null;
      low: string | null;
      close: string | null;
      volume: number | null;
      turnover: string | null;
    }>`
      SELECT w.code,
        (SELECT b.close FROM market_bars_day b WHERE b.code = w.code AND b.day < w.today ORDER BY b.day DESC LIMIT 1) AS previous_close,
        t.open, t.high, t.low, t.close, t.volume, t.turnover
      FROM unnest(${list}::text[], ${todays}::date[]) AS w(code, today)
      LEFT JOIN market_bars_day t ON t.code = w.code AND t.day = w.today`.execute(db);
    return result.rows.map((r) => ({
      code: r.code,
      previousClose: r.previous_close,
      today:
        r.open && r.high && r.low && r.close && r.turnover !== null && r.volume !== null
          ? {
              open: r.open,
              high: r.high,
              low: r.low,
              close: r.close,
              volume: Number(r.volume),
              turnover: r.turnover,
            }
          : null,
    }));
  },

  /** The last stored day per code (gap filling on a later start). */
  async lastDays(db: Executor): Promise<Map<string, { day: string; close: string }>> {
    const result = await sql<{ code: string; day: string; close: string }>`
      SELECT DISTINCT ON (code) code, day::text AS day, close FROM market_bars_day ORDER BY code, day DESC`.execute(
      db,
    );
    return new Map(result.rows.map((r) => [r.code, { day: r.day, close: r.close }]));
  },

  async insertActions(db: Executor, byCode: ReadonlyMap<string, CorporateAction[]>): Promise<void> {
    const rows = [...byCode].flatMap(([code, list]) =>
      list.map((a) => ({
        code,
        ex_date: a.exDate,
        split_ratio: a.splitRatio === undefined ? null : String(a.splitRatio),
        cash_dividend: a.cashDividend ?? null,
      })),
    );
    if (rows.length === 0) return;
    await db
      .insertInto('market_corporate_actions')
      .values(rows)
      .onConflict((oc) => oc.doNothing())
      .execute();
  },

  async actions(db: Executor): Promise<Map<string, CorporateAction[]>> {
    const rows = await db
      .selectFrom('market_corporate_actions')
      .select(['code', sql<string>`ex_date::text`.as('ex_date'), 'split_ratio', 'cash_dividend'])
      .orderBy('ex_date')
      .execute();
    const byCode = new Map<string, CorporateAction[]>();
    for (const r of rows) {
      const list = byCode.get(r.code) ?? [];
      list.push({
        exDate: r.ex_date,
        ...(r.split_ratio !== null ? { splitRatio: Number(r.split_ratio) } : {}),
        ...(r.cash_dividend !== null ? { cashDividend: r.cash_dividend } : {}),
      });
      byCode.set(r.code, list);
    }
    return byCode;
  },

  async getState<T>(db: Executor, key: string): Promise<T | null> {
    const row = await db.selectFrom('market_state').select('value').where('key', '=', key).executeTakeFirst();
    return row ? (row.value as T) : null;
  },

  async setState(db: Executor, key: string, value: unknown, now: Date): Promise<void> {
    await db
      .insertInto('market_state')
      .values({ key, value: JSON.stringify(value), updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: now }))
      .execute();
  },
};

/**
 * The instants a trading day's minutes fall in: from the end of the previous trading day to the
 * end of this one (with MARKET_HOURS=always the simulated market also trades on closed days,
 * which belong to the next trading day).
 */
export function tradingDayRange(market: Market, day: string): { from: Date; to: Date } {
  const zone = MARKET_TIMEZONE[market];
  return {
    from: zonedInstant(zone, previousTradingDay(market, day), '24:00'),
    to: zonedInstant(zone, day, '24:00'),
  };
}

export type { DB };
