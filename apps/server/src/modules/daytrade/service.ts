import {
  type Currency,
  type DayTradeView,
  type dayApplyCall,
  type Language,
  MARKET_CURRENCY,
  type Market,
  minorToDecimal,
  type ParsedRequestOf,
} from '@kabuto/contract';
import { nextTradingDay, sessionClose } from '@kabuto/domain';
import { sql } from 'kysely';
import { inTransaction } from '../../db/database';
import type { Executor } from '../../db/schema';
import { DomainError } from '../../errors';
import { type User, verifyFundPassword } from '../../http/auth';
import { businessOrderNo, parseAmount, takeFundLock } from '../../ledger/funds';
import { placeHold } from '../../ledger/holds';
import { isUniqueViolation } from '../identity/port';
import type { ReviewQueue } from '../reviews/port';
import type { DayTradeGate, TradingContext } from '../trading/port';
import { positionView } from '../trading/port';
import type { DayTradeRow } from './tables';
import './tables';

export interface DayTradeContext extends TradingContext {
  reviewQueue: ReviewQueue;
}

/** States in which an application still holds its participation. */
export const LIVE = ['pending', 'approved', 'trading'] as const;
/** States in which day-mode orders may be placed under an application. */
const TRADABLE = ['approved', 'trading'] as const;

export const money = (minor: number, currency: string) => minorToDecimal(minor, currency as Currency);

/**
 * The trading day an application made now is for: today's when its session has not closed yet,
 * else the next trading day (SPEC §6.5 "during that trading day").
 */
export function applicationDay(
  ctx: TradingContext,
  market: Market,
  now: Date,
): { day: string; closeAt: Date } {
  let day = ctx.market.tradingDay(market, now);
  if (now.getTime() >= sessionClose(market, day).getTime()) day = nextTradingDay(market, day);
  return { day, closeAt: sessionClose(market, day) };
}

/** The minimum participation of a market (config `dayTradeMinMinor`, in its currency). */
function minimumOf(ctx: TradingContext, market: Market): number {
  return ctx.config.dayTradeMinMinor[MARKET_CURRENCY[market]] ?? 1;
}

const STATUS = { pending: 0, approved: 1, trading: 1, executed: 2, rejected: 3, failed: 3 } as const;

export function dayTradeView(row: DayTradeRow, capitalLeftMinor: number | null = null): DayTradeView {
  const currency = row.currency as Currency;
  const m = (v: number) => money(v, currency);
  return {
    id: row.id,
    orderNo: row.order_no,
    market: row.market,
    currency,
    tradingDay: row.trading_day,
    amount: m(row.amount_minor),
    leverage: row.leverage,
    buyingPower: m(row.amount_minor * row.leverage),
    state: row.state,
    reason: row.reason,
    reasonMessage: row.reason_template,
    createdAt: row.created_at.toISOString(),
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
    closeAt: row.close_at.toISOString(),
    settledAt: row.settled_at?.toISOString() ?? null,
    returned: row.returned_minor === null ? null : m(row.returned_minor),
    pnl: row.pnl_minor === null ? null : m(row.pnl_minor),
    fees: row.fees_minor === null ? null : m(row.fees_minor),
    capitalLeft: capitalLeftMinor === null ? null : m(capitalLeftMinor),
    status: STATUS[row.state],
    money: m((LIVE as readonly string[]).includes(row.state) ? row.amount_minor : 0),
  };
}

/**
 * What the application's day-mode positions have done to its participation: realised P&L and
 * fees of the closed ones, and what the open ones (pending or holding) tie up.
 */
export async function positionTotals(db: Executor, applicationId: number) {
  const row = await db
    .selectFrom('positions')
    .select([
      sql<string>`COALESCE(SUM(CASE WHEN state = 'closed' THEN realised_pnl_minor ELSE 0 END), 0)::text`.as(
        'pnl',
      ),
      sql<string>`COALESCE(SUM(CASE WHEN state = 'closed' THEN fee_minor + COALESCE(close_fee_minor, 0) ELSE 0 END), 0)::text`.as(
        'fees',
      ),
      sql<string>`COALESCE(SUM(CASE WHEN state IN ('pending', 'holding', 'closing') THEN margin_minor + fee_minor ELSE 0 END), 0)::text`.as(
        'open',
      ),
      sql<string>`COUNT(*) FILTER (WHERE state IN ('pending', 'holding', 'closing'))::text`.as('live'),
    ])
    .where('source', '=', 'daytrade')
    .where('source_id', '=', applicationId)
    .executeTakeFirstOrThrow();
  return { pnl: Number(row.pnl), fees: Number(row.fees), open: Number(row.open), live: Number(row.live) };
}

/** Participation not tied up in open day-mode orders: amount + realised P&L − fees − open cost. */
async function capitalLeftOf(db: Executor, app: DayTradeRow): Promise<number> {
  const totals = await positionTotals(db, app.id);
  return app.amount_minor + totals.pnl - totals.fees - totals.open;
}

/**
 * The application a user trades under in a market now: approved, for the trading day whose close
 * comes next (the day an application made now would be for), before that close.
 */
async function activeApplication(
  ctx: TradingContext,
  db: Executor,
  userId: number,
  market: Market,
  now: Date,
  forUpdate = false,
): Promise<DayTradeRow | undefined> {
  let query = db
    .selectFrom('day_trades')
    .selectAll()
    .where('user_id', '=', userId)
    .where('market', '=', market)
    .where('state', 'in', [...TRADABLE])
    .where('trading_day', '=', applicationDay(ctx, market, now).day)
    .where('close_at', '>', now);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/**
 * The program's gate on the trading engine (SPEC §6.5): a day-mode order needs the user's
 * approved application for the market and day (`bad_request` on `mode` otherwise), a leverage up
 * to the one granted (`leverage_invalid`), and its margin + fee within the participation left
 * (`balance_insufficient`). The first order moves the application to trading.
 */
export function dayTradeGate(ctx: TradingContext): DayTradeGate {
  return {
    async grant(trx, userId, order, now) {
      const app = await activeApplication(ctx, trx, userId, order.market, now, true);
      if (!app) throw new DomainError('bad_request', { field: 'mode', reason: 'day_trade_not_approved' });
      if (order.leverage > app.leverage)
        throw new DomainError('leverage_invalid', {
          field: 'leverage',
          choices: ctx.config.leverageChoices.filter((l) => l <= app.leverage),
        });
      const left = await capitalLeftOf(trx, app);
      if (order.costMinor > left)
        throw new DomainError('balance_insufficient', {
          field: 'quantity',
          currency: app.currency,
          account: 'frozen:daytrade',
        });
      if (app.state === 'approved')
        await trx.updateTable('day_trades').set({ state: 'trading' }).where('id', '=', app.id).execute();
      return { applicationId: app.id };
    },
    async capitalLeft(db, userId, market, now) {
      const app = await activeApplication(ctx, db, userId, market, now);
      return app ? capitalLeftOf(db, app) : null;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Reading.

export async function dayInfo(ctx: DayTradeContext, user: User, market: Market) {
  const now = ctx.clock.now();
  const { day, closeAt } = applicationDay(ctx, market, now);
  const currency = MARKET_CURRENCY[market];
  const [current, active, balances] = await Promise.all([
    ctx.db
      .selectFrom('day_trades')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('market', '=', market)
      .where('trading_day', '=', day)
      .where('state', '<>', 'rejected')
      .executeTakeFirst(),
    activeApplication(ctx, ctx.db, user.id, market, now),
    ctx.db
      .selectFrom('ledger_accounts')
      .select('balance_minor')
      .where('user_id', '=', user.id)
      .where('name', '=', 'available')
      .where('currency', '=', currency)
      .executeTakeFirst(),
  ]);
  const withCapital = async (row: DayTradeRow | undefined) =>
    row
      ? dayTradeView(
          row,
          (TRADABLE as readonly string[]).includes(row.state) ? await capitalLeftOf(ctx.db, row) : null,
        )
      : null;
  return {
    market,
    currency,
    minAmount: money(minimumOf(ctx, market), currency),
    leverage: ctx.config.dayTradeLeverage,
    feeRateBps: ctx.config.feeRateBps,
    minFee: money(ctx.config.minFeeMinor[market], currency),
    tradingDay: day,
    closeAt: closeAt.toISOString(),
    available: money(balances?.balance_minor ?? 0, currency),
    current: await withCapital(current),
    active: await withCapital(active),
  };
}

export async function listDayTrades(ctx: DayTradeContext, userId: number, page: number, size: number) {
  const [rows, total] = await Promise.all([
    ctx.db
      .selectFrom('day_trades')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    ctx.db
      .selectFrom('day_trades')
      .select(sql<string>`count(*)::text`.as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  const list = await Promise.all(
    rows.map(async (r) =>
      dayTradeView(
        r,
        (TRADABLE as readonly string[]).includes(r.state) ? await capitalLeftOf(ctx.db, r) : null,
      ),
    ),
  );
  return { list, page, size, total: Number(total.n) };
}

export async function dayTradeDetail(ctx: DayTradeContext, userId: number, id: number, language: Language) {
  const row = await ctx.db
    .selectFrom('day_trades')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new DomainError('not_found', { field: 'id' });
  const [positions, records] = await Promise.all([
    ctx.db
      .selectFrom('positions')
      .selectAll()
      .where('source', '=', 'daytrade')
      .where('source_id', '=', id)
      .orderBy('id', 'desc')
      .execute(),
    ctx.db
      .selectFrom('ledger_transactions as t')
      .innerJoin('ledger_postings as p', 'p.transaction_id', 't.id')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .select(['t.order_no', 't.kind', 't.created_at', 'p.amount_minor'])
      .where('t.ref_type', '=', 'day_trade')
      .where('t.ref_id', '=', id)
      .where('a.user_id', '=', userId)
      .where('a.name', '=', 'available')
      .orderBy('t.id')
      .execute(),
  ]);
  const live = (TRADABLE as readonly string[]).includes(row.state);
  return {
    application: dayTradeView(row, live ? await capitalLeftOf(ctx.db, row) : null),
    positions: positions.map((p) => positionView(ctx, p, language)),
    records: records.map((r) => ({
      orderNo: r.order_no,
      kind: r.kind,
      amount: money(Number(r.amount_minor), row.currency),
      createdAt: r.created_at.toISOString(),
    })),
  };
}

/** The back office's list of applications (SPEC §9), newest first, with the applicant's account. */
export async function adminDayTrades(
  ctx: DayTradeContext,
  query: {
    state?: DayTradeRow['state'] | undefined;
    market?: Market | undefined;
    page: number;
    size: number;
  },
) {
  let base = ctx.db.selectFrom('day_trades as d').innerJoin('users as u', 'u.id', 'd.user_id');
  if (query.state) base = base.where('d.state', '=', query.state);
  if (query.market) base = base.where('d.market', '=', query.market);
  const [rows, total] = await Promise.all([
    base
      .selectAll('d')
      .select('u.account')
      .orderBy('d.id', 'desc')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
    base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({ ...dayTradeView(r), userId: r.user_id, account: r.account })),
    total: Number(total.n),
    page: query.page,
    size: query.size,
  };
}

// ---------------------------------------------------------------------------------------------
// Applying.

/**
 * SPEC §6.5 apply: a participation amount ≥ the configured minimum (`amount_below_min`), the fund
 * password, one application per market and trading day (`daytrade_once`); the amount is frozen
 * (`balance_insufficient`) and the application goes on the review queue, due by the close.
 */
export async function applyForDayTrade(
  ctx: DayTradeContext,
  user: User,
  market: Market,
  body: ParsedRequestOf<typeof dayApplyCall>,
) {
  const currency = MARKET_CURRENCY[market];
  const amountMinor = parseAmount(body.amount, currency);
  const minimum = minimumOf(ctx, market);
  if (amountMinor < minimum)
    throw new DomainError('amount_below_min', { field: 'amount', min: money(minimum, currency) });
  await verifyFundPassword(ctx, user.id, body.fund_password);
  const now = ctx.clock.now();
  const { day, closeAt } = applicationDay(ctx, market, now);
  try {
    const row = await inTransaction(ctx.db, async (trx) => {
      await takeFundLock(trx, user.id);
      const existing = await trx
        .selectFrom('day_trades')
        .select('id')
        .where('user_id', '=', user.id)
        .where('market', '=', market)
        .where('trading_day', '=', day)
        .where('state', '<>', 'rejected')
        .executeTakeFirst();
      if (existing) throw new DomainError('daytrade_once', { tradingDay: day });
      const { rows } = await sql<{
        id: string;
      }>`SELECT nextval(pg_get_serial_sequence('day_trades', 'id'))::int8 AS id`.execute(trx);
      const id = Number(rows[0]!.id);
      const orderNo = `T${businessOrderNo('D', now, id).slice(1)}`;
      const hold = await placeHold(
        trx,
        {
          userId: user.id,
          currency,
          purpose: 'daytrade',
          amountMinor,
          kind: 'daytrade_freeze',
          refType: 'day_trade',
          refId: id,
          memo: `day trade ${orderNo} ${market} ${day}`,
        },
        now,
      );
      const inserted = await trx
        .insertInto('day_trades')
        .values({
          id,
          user_id: user.id,
          order_no: orderNo,
          market,
          currency,
          trading_day: day,
          amount_minor: amountMinor,
          leverage: ctx.config.dayTradeLeverage,
          hold_id: hold.holdId,
          reason: null,
          reviewer_id: null,
          reviewed_at: null,
          due_at: closeAt,
          close_at: closeAt,
          settled_at: null,
          returned_minor: null,
          pnl_minor: null,
          fees_minor: null,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await ctx.reviewQueue.submit(
        trx,
        { kind: 'daytrade', subjectId: id, userId: user.id, dueAt: closeAt },
        now,
      );
      return inserted;
    });
    return dayTradeView(row);
  } catch (error) {
    if (isUniqueViolation(error, 'day_trades_one_per_day'))
      throw new DomainError('daytrade_once', { tradingDay: day });
    throw error;
  }
}
