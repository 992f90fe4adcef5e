import { randomBytes } from 'node:crypto';
import { Decimal, type Labels, MARKET_CURRENCY, MARKET_TIMEZONE, type Market } from '@kabuto/contract';
import {
  basketStrategy,
  meanReversionStrategy,
  pnlMinor,
  type Strategy,
  type StrategyBar,
  type StrategyKind,
  type StrategyOrder,
  trendStrategy,
  zonedInstant,
} from '@kabuto/domain';
import { sql } from 'kysely';
import { inTransaction } from '../../db/database';
import type { Executor } from '../../db/schema';
import { DomainError } from '../../errors';
import { hashPassword } from '../../http/auth';
import { HOUSE, postTransaction, userBalances } from '../../ledger/ledger';
import type { MarketService, Quote } from '../../market/types';
import type { PositionRow, TradingContext } from '../trading/port';
import { closePosition, placeOrder } from '../trading/port';
import type { LeaderRow } from './tables';

/**
 * Leaders (SPEC §6.5): accounts run by built-in strategies that trade through the same order
 * engine, fees and rules as any user. Their record starts with the strategy run over the
 * generated market history (fills dated historically, labelled simulated history), then live.
 */

export interface LeaderDefinition {
  name: string;
  /** The name investors read, in their language (without it, `name` in every language). */
  names?: Labels;
  strategy: StrategyKind;
  market: Market;
  /** Codes traded, with their weights (the basket's index weights; 1 for the others). */
  codes: Record<string, number>;
  capitalMinor: number;
}

/** The built-in leaders seeded on the first start, each with a product listed on it. */
export const BUILT_IN_LEADERS: LeaderDefinition[] = [
  {
    name: 'Kabuto Trend',
    names: { cn: 'Kabuto 趋势', us: 'Kabuto Trend', jp: 'Kabuto トレンド' },
    strategy: 'trend',
    market: 'jpy',
    codes: { '7203': 1, '6758': 1, '9984': 1, '8306': 1 },
    capitalMinor: 100_000_000,
  },
  {
    name: 'Kabuto Reversion',
    names: { cn: 'Kabuto 均值回归', us: 'Kabuto Reversion', jp: 'Kabuto リバージョン' },
    strategy: 'meanReversion',
    market: 'jpy',
    codes: { '6861': 1, '9432': 1, '7974': 1, '8035': 1 },
    capitalMinor: 100_000_000,
  },
  {
    name: 'Kabuto Nikkei Basket',
    names: { cn: 'Kabuto 日经篮子', us: 'Kabuto Nikkei Basket', jp: 'Kabuto 日経バスケット' },
    strategy: 'basket',
    market: 'jpy',
    codes: { '7203': 4, '6758': 3, '8306': 2, '9983': 3, '8035': 3, '6861': 2 },
    capitalMinor: 100_000_000,
  },
];

/** How many trading days of generated history a new leader is run over. */
export const HISTORY_TRADING_DAYS = 250;
/** Local time of day a strategy decides (before the Tokyo close at 15:30). */
export const DECISION_TIME = '14:50';

export function strategyOf(leader: Pick<LeaderRow, 'strategy' | 'codes'>): Strategy {
  const codes = Object.keys(leader.codes);
  switch (leader.strategy) {
    case 'trend':
      return trendStrategy(codes);
    case 'meanReversion':
      return meanReversionStrategy(codes);
    case 'basket':
      return basketStrategy(leader.codes);
  }
}

/** Daily closes of codes from the stored bars, oldest first, optionally before a day. */
export async function dailyBars(
  db: Executor,
  codes: string[],
  options: { before?: string; last?: number } = {},
): Promise<Record<string, StrategyBar[]>> {
  const out: Record<string, StrategyBar[]> = {};
  for (const code of codes) {
    let query = db
      .selectFrom('market_bars_day')
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), sql<string>`close::text`.as('close')])
      .where('code', '=', code);
    if (options.before) query = query.where('day', '<', sql<Date>`${options.before}::date`);
    const rows = await query
      .orderBy('day', 'desc')
      .limit(options.last ?? 100_000)
      .execute();
    out[code] = rows.reverse();
  }
  return out;
}

/** A leader's shares held per code (its open positions, long only). */
async function holdingsOf(db: Executor, userId: number): Promise<Map<string, PositionRow[]>> {
  const rows = await db
    .selectFrom('positions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('state', '=', 'holding')
    .orderBy('id')
    .execute();
  const out = new Map<string, PositionRow[]>();
  for (const row of rows) out.set(row.code, [...(out.get(row.code) ?? []), row]);
  return out;
}

/**
 * A leader's equity (SPEC §6.5 "leader equity"): available and frozen funds of its currency
 * plus the unrealised P&L of its open positions at `priceOf`.
 */
export async function leaderEquityMinor(
  db: Executor,
  leader: Pick<LeaderRow, 'user_id' | 'market'>,
  priceOf: (code: string) => string | null,
): Promise<number> {
  const balance = (await userBalances(db, leader.user_id))[MARKET_CURRENCY[leader.market]];
  let equity = balance.available + Object.values(balance.frozen).reduce((s, v) => s + v, 0);
  for (const rows of (await holdingsOf(db, leader.user_id)).values()) {
    for (const row of rows) {
      const price = priceOf(row.code);
      if (price && row.open_price)
        equity += pnlMinor(row.market, row.direction, row.open_price, price, row.quantity);
    }
  }
  return equity;
}

export interface LeaderFill {
  action: 'open' | 'close';
  position: PositionRow;
  price: string;
  leaderQuantity: number;
  leaderEquityMinor: number;
}

/**
 * One decision of a leader's strategy at `bars` (ending at the current day), executed through
 * the order engine with `ctx` (the live one, or the historical view of one past day): sells
 * close the positions of a code, buys open market orders. Returns the fills for mirroring.
 */
export async function runDecision(
  ctx: TradingContext,
  leader: LeaderRow,
  bars: Record<string, StrategyBar[]>,
): Promise<LeaderFill[]> {
  const strategy = strategyOf(leader);
  const held = await holdingsOf(ctx.db, leader.user_id);
  const holdings: Record<string, number> = {};
  for (const [code, rows] of held) holdings[code] = rows.reduce((s, r) => s + r.quantity, 0);
  const priceOf = (code: string) => ctx.market.quote(code)?.price ?? null;
  const equity = await leaderEquityMinor(ctx.db, leader, priceOf);
  const orders: StrategyOrder[] = strategy.decide({
    bars,
    holdings,
    equityMinor: equity,
    market: leader.market,
  });
  const fills: LeaderFill[] = [];
  for (const order of orders) {
    const price = priceOf(order.code);
    if (!price) continue;
    try {
      if (order.side === 'sell') {
        for (const row of held.get(order.code) ?? []) {
          const equityBefore = await leaderEquityMinor(ctx.db, leader, priceOf);
          const closed = await closePosition(ctx, leader.user_id, row.id);
          fills.push({
            action: 'close',
            position: closed,
            price: closed.close_price ?? price,
            leaderQuantity: closed.quantity,
            leaderEquityMinor: equityBefore,
          });
        }
      } else {
        const equityBefore = await leaderEquityMinor(ctx.db, leader, priceOf);
        const opened = await placeOrder(ctx, leader.user_id, {
          code: order.code,
          direction: 'long',
          orderType: 'market',
          quantity: String(order.quantity),
          leverage: '1',
          mode: 'normal',
        });
        fills.push({
          action: 'open',
          position: opened,
          price: opened.open_price ?? price,
          leaderQuantity: opened.quantity,
          leaderEquityMinor: equityBefore,
        });
      }
    } catch (error) {
      // A refusal (a closed market, a price limit, funds) skips the order, as it would a user's.
      if (!(error instanceof DomainError)) throw error;
      ctx.log.info({ leader: leader.name, order, refusal: error.key }, 'strategy order refused');
    }
  }
  return fills;
}

/**
 * The market as it stood at one past day's decision: the day's close is the price, the market is
 * open, no price band (the bar itself is within the day's limits), and that day is the trading day.
 */
function historicalMarket(market: MarketService, day: string, closes: Map<string, string>): MarketService {
  const view: MarketService = Object.create(market);
  view.quote = (code: string): Quote | null => {
    const live = market.quote(code);
    const close = closes.get(code);
    if (!live || !close) return null;
    return { ...live, price: close };
  };
  view.isOpen = () => true;
  view.priceBand = () => null;
  view.tradingDay = () => day;
  return view;
}

/** Creates a leader's account, funds its capital and records it (idempotent by name). */
export async function createLeader(ctx: TradingContext, definition: LeaderDefinition): Promise<LeaderRow> {
  const existing = await ctx.db
    .selectFrom('copy_leaders')
    .selectAll()
    .where('name', '=', definition.name)
    .executeTakeFirst();
  // A leader recorded before names by language were kept gets them now.
  if (existing && existing.names === null && definition.names)
    return ctx.db
      .updateTable('copy_leaders')
      .set({ names: JSON.stringify(definition.names) })
      .where('id', '=', existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  if (existing) return existing;
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(randomBytes(32).toString('hex'));
  return inTransaction(ctx.db, async (trx) => {
    const account = `leader${randomBytes(4).toString('hex')}`;
    const user = await trx
      .insertInto('users')
      .values({
        account,
        password_hash: passwordHash,
        fund_password_hash: null,
        invite_code: randomBytes(4).toString('hex').toUpperCase(),
        invited_by: null,
        language: 'us',
        real_name: definition.name,
        credit_score: null,
        flag_reason: null,
        locked_until: null,
        fund_locked_until: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const currency = MARKET_CURRENCY[definition.market];
    await postTransaction(
      trx,
      {
        kind: 'deposit',
        userId: user.id,
        memo: `strategy capital: ${definition.name}`,
        postings: [
          { userId: HOUSE, account: 'house:bank', currency, amountMinor: -definition.capitalMinor },
          { userId: user.id, account: 'available', currency, amountMinor: definition.capitalMinor },
        ],
      },
      now,
    );
    return trx
      .insertInto('copy_leaders')
      .values({
        user_id: user.id,
        name: definition.name,
        names: definition.names ? JSON.stringify(definition.names) : null,
        strategy: definition.strategy,
        market: definition.market,
        codes: JSON.stringify(definition.codes),
        capital_minor: definition.capitalMinor,
        live_from: null,
        last_decided_day: null,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/**
 * Runs a new leader over the stored daily history (SPEC §6.5 "track record from real fills"):
 * every past trading day in turn, its strategy decides on the bars up to that day and its orders
 * go through the order engine at that day's close, dated at that day's decision time. The capital
 * is credited dated before the first day. Then the leader is live from now. Done once per leader.
 */
export async function runHistory(ctx: TradingContext, leader: LeaderRow, tradingDays = HISTORY_TRADING_DAYS) {
  if (leader.live_from) return leader;
  const now = ctx.clock.now();
  const codes = Object.keys(leader.codes);
  const today = ctx.market.tradingDay(leader.market, now);
  const strategy = strategyOf(leader);
  const all = await dailyBars(ctx.db, codes, { before: today, last: tradingDays + strategy.warmup });
  const days = [...new Set(Object.values(all).flatMap((bars) => bars.map((b) => b.day)))].sort();
  const firstDecision = Math.min(strategy.warmup - 1, Math.max(0, days.length - 1));
  const timeZone = MARKET_TIMEZONE[leader.market];
  if (days.length > 0) {
    // The capital was there before the first day of the record.
    await ctx.db
      .updateTable('ledger_transactions')
      .set({ created_at: zonedInstant(timeZone, days[0]!, '09:00') })
      .where('user_id', '=', leader.user_id)
      .where('kind', '=', 'deposit')
      .execute();
  }
  for (let i = firstDecision; i < days.length; i++) {
    const day = days[i]!;
    const bars: Record<string, StrategyBar[]> = {};
    const closes = new Map<string, string>();
    for (const code of codes) {
      bars[code] = all[code]!.filter((b) => b.day <= day);
      const last = bars[code]!.at(-1);
      if (last?.day === day) closes.set(code, last.close);
    }
    const at = zonedInstant(timeZone, day, DECISION_TIME);
    const past: TradingContext = {
      ...ctx,
      clock: { now: () => new Date(at) },
      market: historicalMarket(ctx.market, day, closes),
    };
    await runDecision(past, leader, bars);
  }
  return (
    ctx.db
      .updateTable('copy_leaders')
      // Today is the first live day: the history ends the day before.
      .set({ live_from: now, last_decided_day: days.at(-1) ?? null })
      .where('id', '=', leader.id)
      .returningAll()
      .executeTakeFirstOrThrow()
  );
}

/** The bars a live decision sees: the stored days before today, then today at the current price. */
export async function liveBars(ctx: TradingContext, leader: LeaderRow, today: string) {
  const codes = Object.keys(leader.codes);
  const strategy = strategyOf(leader);
  const bars = await dailyBars(ctx.db, codes, { before: today, last: strategy.warmup + 30 });
  for (const code of codes) {
    const price = ctx.market.quote(code)?.price;
    if (price && new Decimal(price).gt(0)) bars[code] = [...(bars[code] ?? []), { day: today, close: price }];
  }
  return bars;
}
