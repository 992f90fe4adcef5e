import { Decimal, MARKET_CURRENCY, PRICE_DECIMALS } from '@kabuto/contract';
import { limitOrderCrosses, marginMinor, notionalMinor } from '@kabuto/domain';
import { sql, type Updateable } from 'kysely';
import { afterCommit } from '../../db/ambient';
import { inTransaction } from '../../db/database';
import type { Executor, Tx } from '../../db/schema';
import { DomainError } from '../../errors';
import {
  HOUSE,
  ledgerPost,
  ledgerRefusals,
  type PostedTransactionRow,
  type PostingInput,
  postTransaction,
  type UserAccount,
} from '../../ledger/ledger';
import { messages } from '../messages/port';
import {
  DAY_FUNDING,
  fundingOf,
  type MarketBoundContext,
  type OrderRequest,
  type TradingContext,
} from './context';
import { feeFor, orderExpiry, planOrder } from './plan';
import type { PositionRow, PositionsTable } from './tables';
import { expiryMessage, fillMessage } from './trade-messages';

/** Placing, cancelling, expiring and filling orders, each in one transaction (SPEC §6.3, §13.2). */
// ---------------------------------------------------------------------------------------------
// Placing orders.

/** The ledger refuses postings that move nothing (a zero P&L, a fee already frozen). */
export function moves(postings: PostingInput[]): PostingInput[] {
  return postings.filter((p) => p.amountMinor !== 0);
}

/** Ids per block; must equal the sequence's increment (migration 0301). */
export const POSITION_ID_BLOCK = 100;
const idBlocks = new WeakMap<object, { next: number; end: number }>();

/**
 * The next position id from this node's current block, taking a new block from the sequence
 * when it runs out (hi/lo). Concurrent callers that both find the block used up each take a
 * block; the rest of the one replaced is skipped, never handed out twice.
 */
async function nextPositionId(ctx: MarketBoundContext): Promise<number> {
  let block = idBlocks.get(ctx.db);
  if (!block || block.next >= block.end) {
    const { rows } = await sql<{ id: number }>`SELECT nextval('positions_id_seq')::int8 AS id`.execute(
      ctx.db,
    );
    const start = Number(rows[0]!.id);
    block = { next: start, end: start + POSITION_ID_BLOCK };
    idBlocks.set(ctx.db, block);
  }
  return block.next++;
}

export interface PlaceOptions {
  source?: PositionsTable['source'];
  sourceId?: number | null;
}

/** Stands for the order number in a message written in the same statement as its ledger transaction. */
const ORDER_NO = '{orderNo}';

/**
 * SPEC §6.3: a market order (or a limit the price already crosses) fills at once at the current
 * price: margin available → frozen:order, fee → house:fees. A limit order freezes margin + fee
 * and waits. The ledger transaction, the position row (numbered with that transaction's order
 * number) and the fill message are one statement, so they are written together or not at all;
 * a day-trading order runs it in a transaction with the programme's check.
 */
export async function placeOrder(
  ctx: TradingContext,
  userId: number,
  request: OrderRequest,
  options: PlaceOptions = {},
): Promise<PositionRow> {
  const now = ctx.clock.now();
  const plan = planOrder(ctx, request, now);
  const id = await nextPositionId(ctx);
  const { currency } = plan;
  const build = (funding: UserAccount, source: PlaceOptions) => {
    const postings: PostingInput[] = plan.fillsNow
      ? [
          { userId, account: funding, currency, amountMinor: -(plan.marginMinor + plan.feeMinor) },
          { userId, account: 'frozen:order', currency, amountMinor: plan.marginMinor },
          { userId: HOUSE, account: 'house:fees', currency, amountMinor: plan.feeMinor },
        ]
      : [
          { userId, account: funding, currency, amountMinor: -(plan.marginMinor + plan.feeMinor) },
          { userId, account: 'frozen:order', currency, amountMinor: plan.marginMinor + plan.feeMinor },
        ];
    const ledger = ledgerPost(
      {
        kind: plan.fillsNow ? 'order_open' : 'order_place',
        userId,
        refType: 'position',
        refId: id,
        memo: `${plan.direction} ${plan.quantity} ${plan.instrument.code} @ ${plan.price} ×${plan.leverage}${plan.mode === 'day' ? ' day' : ''}`,
        postings: moves(postings),
      },
      now,
    );
    const position = {
      id,
      user_id: userId,
      code: plan.instrument.code,
      market: plan.market,
      currency,
      direction: plan.direction,
      order_type: plan.orderType,
      mode: plan.mode,
      leverage: plan.leverage,
      quantity: plan.quantity,
      limit_price: plan.limitPrice,
      open_price: plan.fillsNow ? plan.price : null,
      opened_at: plan.fillsNow ? now : null,
      opened_trading_day: plan.fillsNow ? ctx.market.tradingDay(plan.market, now) : null,
      expires_at: plan.fillsNow ? null : orderExpiry(ctx, plan.market, plan.validity, now),
      margin_minor: plan.marginMinor,
      fee_minor: plan.feeMinor,
      close_price: null,
      closed_at: null,
      close_fee_minor: null,
      realised_pnl_minor: null,
      house_absorbed_minor: null,
      state: plan.fillsNow ? ('holding' as const) : ('pending' as const),
      close_reason: null,
      source: source.source ?? 'order',
      source_id: source.sourceId ?? null,
      validity: plan.validity,
      trigger_price: plan.trail ? null : plan.triggerPrice,
      trail_amount: plan.trail && 'amount' in plan.trail ? plan.trail.amount : null,
      trail_percent: plan.trail && 'percent' in plan.trail ? plan.trail.percent : null,
      trail_best: plan.trailBest,
      triggered_at: null,
      take_profit: plan.takeProfit,
      stop_loss: plan.stopLoss,
      sl_trail_amount: null,
      sl_trail_percent: null,
      sl_trail_best: null,
      created_at: now,
      updated_at: now,
    };
    return { ledger, position };
  };
  const orderNo = sql<string>`(SELECT order_no FROM t)`;
  const write = (db: Executor, funding: UserAccount, source: PlaceOptions) => {
    const { ledger, position } = build(funding, source);
    const withLedger = db.with(
      (cte) => cte('t').materialized(),
      () => sql<PostedTransactionRow>`(SELECT * FROM ${ledger})`,
    );
    const statement = plan.fillsNow
      ? withLedger.with('m', (qc) => {
          const message = messages.row(fillMessage({ ...position, order_no: ORDER_NO }, plan.price), now);
          return qc.insertInto('messages').values({
            ...message,
            title: sql`replace(${message.title}, ${ORDER_NO}, ${orderNo})::jsonb`,
            body: sql`replace(${message.body}, ${ORDER_NO}, ${orderNo})::jsonb`,
            template: sql`replace(${message.template}, ${ORDER_NO}, ${orderNo})::jsonb`,
          });
        })
      : withLedger;
    return ledgerRefusals(() =>
      statement
        .insertInto('positions')
        .values({ ...position, order_no: orderNo })
        .returning('order_no')
        .executeTakeFirstOrThrow()
        .then(({ order_no }) => ({ ...position, order_no })),
    );
  };
  if (plan.mode !== 'day') return write(ctx.db, 'available', options);
  // SPEC §6.5: a day-mode order is funded from the participation of the user's approved
  // application for this market and day, which the program checks (and locks) first.
  const gate = ctx.trading.dayTradeGate;
  if (!gate) throw new DomainError('bad_request', { field: 'mode', reason: 'day_trade_not_approved' });
  return inTransaction(ctx.db, async (trx) => {
    const grant = await gate.grant(
      trx,
      userId,
      {
        market: plan.market,
        leverage: plan.leverage,
        notionalMinor: plan.notionalMinor,
        costMinor: plan.marginMinor + plan.feeMinor,
      },
      now,
    );
    return write(trx, DAY_FUNDING, { source: 'daytrade', sourceId: grant.applicationId });
  });
}

// ---------------------------------------------------------------------------------------------
// Changing a position: each in its own transaction with the row locked.

export async function lockPosition(trx: Tx, id: number): Promise<PositionRow | undefined> {
  return trx.selectFrom('positions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function lockOwnPosition(trx: Tx, id: number, userId: number): Promise<PositionRow> {
  const row = await lockPosition(trx, id);
  if (!row || row.user_id !== userId) throw new DomainError('not_found', { field: 'id' });
  return row;
}

/** Releases a pending order's frozen margin + fee (cancel by the user, or expiry). */
export async function releasePending(
  trx: Tx,
  row: PositionRow,
  reason: 'user' | 'expired' | 'unfunded',
  now: Date,
  extra: Updateable<PositionsTable> = {},
): Promise<PositionRow> {
  const currency = MARKET_CURRENCY[row.market];
  const frozen = row.margin_minor + row.fee_minor;
  await postTransaction(
    trx,
    {
      kind: reason === 'expired' ? 'order_expire' : 'order_cancel',
      userId: row.user_id,
      refType: 'position',
      refId: row.id,
      memo: `${row.order_no}`,
      postings: moves([
        { userId: row.user_id, account: 'frozen:order', currency, amountMinor: -frozen },
        { userId: row.user_id, account: fundingOf(row), currency, amountMinor: frozen },
      ]),
    },
    now,
  );
  const updated = await trx
    .updateTable('positions')
    .set({ ...extra, state: 'cancelled', close_reason: reason, closed_at: now, updated_at: now })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (reason === 'expired') await messages.send(trx, expiryMessage(row), now);
  return updated;
}

/** `/trade/cancel`: only a pending order; anything else answers not_holding with its state. */
export async function cancelOrder(ctx: TradingContext, userId: number, id: number): Promise<PositionRow> {
  const now = ctx.clock.now();
  const row = await inTransaction(ctx.db, async (trx) => {
    const row = await lockOwnPosition(trx, id, userId);
    if (row.state !== 'pending') throw new DomainError('not_holding', { field: 'id', state: row.state });
    return releasePending(trx, row, 'user', now);
  });
  afterCommit(() => ctx.trading.engine.untrack(row.id));
  return row;
}

/**
 * Expires one pending order whose session has closed. State-guarded: safe on any node and
 * when two sweeps race (the second finds it cancelled and does nothing).
 */
export async function expireOrder(
  ctx: MarketBoundContext,
  id: number,
  now: Date,
): Promise<PositionRow | null> {
  return inTransaction(ctx.db, async (trx) => {
    const row = await lockPosition(trx, id);
    if (row?.state !== 'pending' || !row.expires_at || row.expires_at.getTime() > now.getTime()) return null;
    return releasePending(trx, row, 'expired', now);
  });
}

/** Pending orders whose expiry has passed, oldest first (bounded per sweep). */
export async function dueExpiries(db: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('positions')
    .select('id')
    .where('state', '=', 'pending')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export type FillOutcome =
  | { kind: 'filled'; row: PositionRow }
  | { kind: 'expired'; row: PositionRow }
  /** A stop-limit whose trigger fired: it now rests as a limit order. */
  | { kind: 'triggered'; row: PositionRow }
  /** A triggered market order the funds no longer cover: cancelled, its funds released. */
  | { kind: 'unfunded'; row: PositionRow }
  /** The exact price does not cross the limit after all: keep waiting. */
  | { kind: 'not_crossed' }
  /** No longer pending (cancelled, filled on another node): nothing to do. */
  | { kind: 'gone' };

/**
 * Fills a pending limit order that `tickPrice` crossed (SPEC §6.3), at the limit or better: a
 * long at min(limit, tick), a short at max(limit, tick). Margin and fee are those of the fill
 * price; the difference to what was frozen at placement is released, or for a short filled
 * above its limit drawn from available — and when available cannot cover it, the order fills
 * at its limit, exactly what was frozen.
 */
export async function fillLimitOrder(
  ctx: MarketBoundContext,
  id: number,
  tickPrice: string,
): Promise<FillOutcome> {
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (trx): Promise<FillOutcome> => {
    const row = await lockPosition(trx, id);
    if (row?.state !== 'pending' || row.limit_price === null) return { kind: 'gone' };
    // A stop-limit rests as a limit order only once its trigger fired.
    if (row.order_type === 'stop_limit' && row.triggered_at === null) return { kind: 'gone' };
    if (row.expires_at && row.expires_at.getTime() <= now.getTime())
      return { kind: 'expired', row: await releasePending(trx, row, 'expired', now) };
    if (!limitOrderCrosses(row.direction, row.limit_price, tickPrice)) return { kind: 'not_crossed' };
    if (!ctx.market.isOpen(row.market, now)) return { kind: 'not_crossed' };
    const limit = new Decimal(row.limit_price);
    const better = row.direction === 'long' ? Decimal.min(limit, tickPrice) : Decimal.max(limit, tickPrice);
    return openPending(ctx, trx, row, better.toFixed(PRICE_DECIMALS[row.market]), 'limit', now);
  });
}

/**
 * Opens a locked pending order at `price`. Margin and fee are those of the fill price; the
 * difference to what was frozen at placement is released, or drawn from available. When available
 * cannot cover it, a limit order fills at its limit (exactly what was frozen) and a triggered
 * market order is cancelled with reason `unfunded`, its frozen funds released.
 */
export async function openPending(
  ctx: MarketBoundContext,
  trx: Tx,
  row: PositionRow,
  fillPrice: string,
  short: 'limit' | 'cancel',
  now: Date,
  extra: Updateable<PositionsTable> = {},
): Promise<FillOutcome> {
  const currency = MARKET_CURRENCY[row.market];
  const frozen = row.margin_minor + row.fee_minor;
  let price = fillPrice;
  let margin = marginMinor(row.market, price, row.quantity, row.leverage);
  let fee = feeFor(ctx, row.market, notionalMinor(row.market, price, row.quantity));
  if (margin + fee > frozen) {
    // Lock order matches the ledger's (available before frozen:<purpose>).
    const available = await trx
      .selectFrom('ledger_accounts')
      .select('balance_minor')
      .where('user_id', '=', row.user_id)
      .where('name', '=', fundingOf(row))
      .where('currency', '=', currency)
      .forUpdate()
      .executeTakeFirst();
    if ((available?.balance_minor ?? 0) < margin + fee - frozen) {
      if (short === 'cancel' || row.limit_price === null)
        return { kind: 'unfunded', row: await releasePending(trx, row, 'unfunded', now, extra) };
      price = new Decimal(row.limit_price).toFixed(PRICE_DECIMALS[row.market]);
      margin = row.margin_minor;
      fee = row.fee_minor;
    }
  }
  await postTransaction(
    trx,
    {
      kind: 'order_fill',
      userId: row.user_id,
      refType: 'position',
      refId: row.id,
      memo: `${row.order_no} @ ${price}`,
      postings: moves([
        { userId: row.user_id, account: fundingOf(row), currency, amountMinor: frozen - margin - fee },
        { userId: row.user_id, account: 'frozen:order', currency, amountMinor: margin - frozen },
        { userId: HOUSE, account: 'house:fees', currency, amountMinor: fee },
      ]),
    },
    now,
  );
  const filled = await trx
    .updateTable('positions')
    .set({
      ...extra,
      state: 'holding',
      open_price: price,
      opened_at: now,
      opened_trading_day: ctx.market.tradingDay(row.market, now),
      margin_minor: margin,
      fee_minor: fee,
      expires_at: null,
      updated_at: now,
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await messages.send(trx, fillMessage(filled, price), now);
  return { kind: 'filled', row: filled };
}
