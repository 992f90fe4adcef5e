import { Decimal, MARKET_CURRENCY, type Market, PRICE_DECIMALS } from '@kabuto/contract';
import { canClose, notionalMinor, pnlMinor, settleClose, stopOutReached } from '@kabuto/domain';
import { sql } from 'kysely';
import { afterCommit } from '../../db/ambient';
import { inTransaction } from '../../db/database';
import type { Executor, Tx } from '../../db/schema';
import { DomainError } from '../../errors';
import { HOUSE, postTransaction } from '../../ledger/ledger';
import { messages } from '../messages/port';
import { recordCreditEvent } from '../users/port';
import { fundingOf, LIVE_STATES, type MarketBoundContext, type TradingContext } from './context';
import { lockOwnPosition, lockPosition, moves, releasePending } from './orders';
import { feeFor } from './plan';
import type { PositionRow } from './tables';
import { stopOutMessage } from './trade-messages';

/** Closing positions (by the investor, the day's end or a stop-out) and reading them (SPEC §6.3). */
// ---------------------------------------------------------------------------------------------
// Closing.

export interface CloseSettlementView {
  pnlMinor: number;
  userPnlMinor: number;
  houseAbsorbsMinor: number;
  closeFeeMinor: number;
  /** What returns to available: margin + P&L − close fee (never negative). */
  returnedMinor: number;
}

/**
 * Money of a close at `price` (SPEC §6.3, §0.4): the margin is released, the P&L is booked
 * against the house, a loss beyond the margin is the house's, and the close fee is taken from
 * what the position returns — so a user never pays more than the margin and the open fee.
 */
export function closeSettlement(
  ctx: MarketBoundContext,
  row: PositionRow,
  price: string,
): CloseSettlementView {
  const pnl = pnlMinor(row.market, row.direction, row.open_price!, price, row.quantity);
  const settled = settleClose({ marginMinor: row.margin_minor, pnlMinor: pnl });
  const fullFee = feeFor(ctx, row.market, notionalMinor(row.market, price, row.quantity));
  const proceeds = settled.releaseMarginMinor + settled.userPnlMinor;
  const closeFee = Math.min(fullFee, proceeds);
  return {
    pnlMinor: pnl,
    userPnlMinor: settled.userPnlMinor,
    houseAbsorbsMinor: settled.houseAbsorbsMinor,
    closeFeeMinor: closeFee,
    returnedMinor: proceeds - closeFee,
  };
}

/**
 * Closes a locked holding position at `price` (the caller has locked the row and checked its
 * state). What the position returns goes to available funds, or — for a mirrored position of a
 * copy holding (SPEC §6.5) — back to the holding's frozen funds, whatever closed it.
 */
export async function settle(
  ctx: MarketBoundContext,
  trx: Tx,
  row: PositionRow,
  price: string,
  reason: 'user' | 'stop_out' | 'settlement' | 'take_profit' | 'stop_loss',
  now: Date,
): Promise<{ row: PositionRow; settlement: CloseSettlementView }> {
  const currency = MARKET_CURRENCY[row.market];
  const s = closeSettlement(ctx, row, price);
  await postTransaction(
    trx,
    {
      kind: reason === 'stop_out' ? 'stop_out' : 'position_close',
      userId: row.user_id,
      refType: 'position',
      refId: row.id,
      memo: `${row.order_no} @ ${price}${s.houseAbsorbsMinor > 0 ? `; house absorbs ${s.houseAbsorbsMinor}` : ''}`,
      postings: moves([
        { userId: row.user_id, account: 'frozen:order', currency, amountMinor: -row.margin_minor },
        {
          userId: row.user_id,
          account: row.source === 'copy' ? 'frozen:copy' : fundingOf(row),
          currency,
          amountMinor: s.returnedMinor,
        },
        { userId: HOUSE, account: 'house:fees', currency, amountMinor: s.closeFeeMinor },
        { userId: HOUSE, account: 'house:pnl', currency, amountMinor: -s.userPnlMinor },
      ]),
    },
    now,
  );
  const closed = await trx
    .updateTable('positions')
    .set({
      state: 'closed',
      close_reason: reason,
      close_price: price,
      closed_at: now,
      close_fee_minor: s.closeFeeMinor,
      realised_pnl_minor: s.userPnlMinor,
      house_absorbed_minor: s.houseAbsorbsMinor,
      updated_at: now,
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row: closed, settlement: s };
}

/**
 * `/trade/close`: a market close of a holding position at the current price. Refuses
 * not_holding (any other state — including a second close racing the first), t1_sell (China,
 * opened today in normal mode, SPEC §6.2), market_closed, price_unavailable.
 */
export async function closePosition(ctx: TradingContext, userId: number, id: number): Promise<PositionRow> {
  const now = ctx.clock.now();
  const row = await inTransaction(ctx.db, async (trx) => {
    const row = await lockOwnPosition(trx, id, userId);
    if (row.state !== 'holding') throw new DomainError('not_holding', { field: 'id', state: row.state });
    const blocked = closeBlockedBy(ctx, row, now);
    if (blocked) throw new DomainError(blocked, { field: 'id' });
    const price = ctx.market.quote(row.code)!.price;
    return (await settle(ctx, trx, row, price, 'user', now)).row;
  });
  afterCommit(() => ctx.trading.engine.untrack(row.id));
  return row;
}

/** Why a holding position cannot be closed by its owner now, or null. */
export function closeBlockedBy(
  ctx: MarketBoundContext,
  row: PositionRow,
  now: Date,
): 't1_sell' | 'market_closed' | 'price_unavailable' | 'not_holding' | null {
  if (row.state !== 'holding') return 'not_holding';
  if (!ctx.market.isOpen(row.market, now)) return 'market_closed';
  const today = ctx.market.tradingDay(row.market, now);
  if (!canClose(row.market, row.mode, row.opened_trading_day ?? today, today)) return 't1_sell';
  const quote = ctx.market.quote(row.code);
  if (!quote || !(Number(quote.price) > 0)) return 'price_unavailable';
  return null;
}

/**
 * The day-trading program's forced flat at the session close (SPEC §6.5): a holding day-mode
 * position closes at the current price whatever the hour (reason `settlement`), a pending one is
 * cancelled as expired. State-guarded: a position already closed or cancelled is left alone.
 */
export async function closeDayPosition(
  ctx: TradingContext,
  id: number,
  now: Date,
): Promise<'closed' | 'cancelled' | 'gone'> {
  const outcome = await inTransaction(ctx.db, async (trx) => {
    const row = await lockPosition(trx, id);
    if (row?.mode !== 'day') return 'gone' as const;
    if (row.state === 'pending') {
      await releasePending(trx, row, 'expired', now);
      return 'cancelled' as const;
    }
    if (row.state !== 'holding' && row.state !== 'closing') return 'gone' as const;
    const price = ctx.market.quote(row.code)?.price ?? row.open_price!;
    const fixed = new Decimal(price).toFixed(PRICE_DECIMALS[row.market]);
    await settle(ctx, trx, row, fixed, 'settlement', now);
    return 'closed' as const;
  });
  if (outcome !== 'gone') afterCommit(() => ctx.trading.engine.untrack(id));
  return outcome;
}

export type StopOutOutcome =
  | { kind: 'stopped'; row: PositionRow; settlement: CloseSettlementView }
  | { kind: 'not_reached' }
  | { kind: 'gone' };

/**
 * SPEC §6.3 stop-out: when the loss at `tickPrice` has reached the configured share of the
 * margin, the position closes at that price (China's T+1 does not hold a stop-out back: SPEC §0.4
 * comes first) and the user gets a message.
 */
export async function stopOutPosition(
  ctx: MarketBoundContext,
  id: number,
  tickPrice: string,
): Promise<StopOutOutcome> {
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (trx): Promise<StopOutOutcome> => {
    const row = await lockPosition(trx, id);
    if (row?.state !== 'holding' || row.open_price === null) return { kind: 'gone' };
    const pnl = pnlMinor(row.market, row.direction, row.open_price, tickPrice, row.quantity);
    if (!stopOutReached(pnl, row.margin_minor, ctx.config.stopOutPercent)) return { kind: 'not_reached' };
    const price = new Decimal(tickPrice).toFixed(PRICE_DECIMALS[row.market]);
    const done = await settle(ctx, trx, row, price, 'stop_out', now);
    await messages.send(trx, stopOutMessage(row, price, done.settlement.userPnlMinor), now);
    // SPEC §6.4: a stop-out is a published credit-score event.
    await recordCreditEvent(trx, row.user_id, 'stop_out', now, { memo: row.order_no });
    return { kind: 'stopped', ...done };
  });
}

// ---------------------------------------------------------------------------------------------
// Reading.

export async function openPositionCount(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('positions')
    .select(sql<string>`count(*)::text`.as('n'))
    .where('user_id', '=', userId)
    .where('state', 'in', [...LIVE_STATES])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The row of shares allotted to a user (a block trade, new shares): a 1× long position held from
 * `now` at `price`, its whole cost as margin, no fee. The caller inserts it.
 */
export function allottedPosition(
  a: {
    orderNo: string;
    userId: number;
    code: string;
    market: Market;
    currency: string;
    quantity: number;
    price: string;
    costMinor: number;
    tradingDay: string;
    source: 'block' | 'ipo';
    sourceId: number;
  },
  now: Date,
) {
  return {
    order_no: a.orderNo,
    user_id: a.userId,
    code: a.code,
    market: a.market,
    currency: a.currency,
    direction: 'long' as const,
    order_type: 'market' as const,
    mode: 'normal' as const,
    leverage: 1,
    quantity: a.quantity,
    limit_price: null,
    open_price: a.price,
    opened_at: now,
    opened_trading_day: a.tradingDay,
    expires_at: null,
    margin_minor: a.costMinor,
    fee_minor: 0,
    close_price: null,
    closed_at: null,
    close_fee_minor: null,
    realised_pnl_minor: null,
    house_absorbed_minor: null,
    state: 'holding' as const,
    close_reason: null,
    source: a.source,
    source_id: a.sourceId,
    created_at: now,
    updated_at: now,
  };
}
