import {
  CURRENCY_DECIMALS,
  Decimal,
  type Direction,
  MARKET_CURRENCY,
  MARKET_TIMEZONE,
  MAX_ORDER_QUANTITY,
  type Market,
  type OrderType,
  PRICE_DECIMALS,
  type TradeMode,
  type Validity,
} from '@kabuto/contract';
import {
  canClose,
  entryTriggerSide,
  feeMinor,
  freezePrice,
  gtcExpiry,
  isWithinPriceLimit,
  limitOrderCrosses,
  localDateOf,
  marginMinor,
  notionalMinor,
  pnlMinor,
  sessionClose,
  settleClose,
  stopOutReached,
  type Trail,
  trailingTrigger,
  zonedInstant,
} from '@kabuto/domain';
import { sql, type Updateable } from 'kysely';
import type { AppContext } from '../../context';
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
import type { Instrument, MarketService, Quote } from '../../market/types';
import { messages, moneyParam, type OutgoingMessage } from '../messages/service';
import { recordCreditEvent } from '../users/credit';
import type { PositionRow, PositionsTable } from './tables';
import { checkEntryTrigger, checkTpSl, checkTrail } from './trigger-rules';

/** What the trading code works with: the platform and the market it trades. */
export interface MarketBoundContext extends AppContext {
  market: MarketService;
}

/** What a day-mode order asks of the day-trading program. */
export interface DayOrder {
  market: Market;
  leverage: number;
  notionalMinor: number;
  /** Margin + open fee: what the order takes from the participation. */
  costMinor: number;
}

/**
 * The day-trading program as the trading engine sees it (SPEC §6.5). Until one is registered,
 * day-mode orders are refused. Day-mode money moves between `frozen:daytrade` (the participation)
 * and `frozen:order`, never through available funds.
 */
export interface DayTradeGate {
  /**
   * Inside the order's transaction: the application the order trades under, or a refusal
   * (DomainError). Locks the application so concurrent day-mode orders are checked one by one.
   */
  grant(trx: Tx, userId: number, order: DayOrder, now: Date): Promise<{ applicationId: number }>;
  /** Participation not yet tied up in day-mode orders of the application active now, or null. */
  capitalLeft(db: Executor, userId: number, market: Market, now: Date): Promise<number | null>;
}

/** The account day-mode orders draw on and return to. */
export const DAY_FUNDING = 'frozen:daytrade' as const;

/** Where a position's margin and fee come from and go back to. */
export function fundingOf(row: { mode: TradeMode }): UserAccount {
  return row.mode === 'day' ? DAY_FUNDING : 'available';
}

/** What orders and positions ask of the matching engine (engine.ts): keep its index in step after a commit. */
export interface PositionIndex {
  track(row: PositionRow): void;
  untrack(id: number): void;
  reload(ids: number[]): Promise<void>;
}

/** The trading port as orders and positions see it; routes.ts `TradingPort` is the whole of it. */
export interface TradingParts {
  engine: PositionIndex;
  dayTradeGate: DayTradeGate | null;
}

export interface TradingContext extends MarketBoundContext {
  trading: TradingParts;
}

/**
 * Orders and positions (SPEC §6.3). Every change of a position and its money is one database
 * transaction: the position row locked `FOR UPDATE`, its state checked, one balanced ledger
 * transaction and the row update. Whoever changes a position second sees the new state, so two
 * closes of one position, or a fill racing a cancel, resolve to exactly one outcome on any node.
 */

/** Notional above which an order is refused before any arithmetic could leave the safe-integer range. */
const MAX_NOTIONAL_MINOR = 1e14;

export const LIVE_STATES = ['pending', 'holding', 'closing'] as const;

export interface OrderRequest {
  code: string;
  direction: Direction;
  orderType: OrderType;
  /** The limit (limit orders). */
  price?: string | undefined;
  /** As typed; validated here (quantity_invalid). */
  quantity: string;
  /** As typed; validated here (leverage_invalid); empty = 1×. */
  leverage: string;
  mode: TradeMode;
  /** SPEC §13.2 (as typed; checked here). */
  triggerPrice?: string | undefined;
  trailAmount?: string | undefined;
  trailPercent?: string | undefined;
  validity?: Validity;
  takeProfit?: string | undefined;
  stopLoss?: string | undefined;
}

/** A checked order: what it is and the money it needs at the price it would open at now. */
export interface OrderPlan {
  instrument: Instrument;
  quote: Quote;
  market: Market;
  currency: (typeof MARKET_CURRENCY)[Market];
  direction: Direction;
  orderType: OrderType;
  mode: TradeMode;
  quantity: number;
  leverage: number;
  limitPrice: string | null;
  /** Fills at once: a market order, or a limit the current price already crosses. */
  fillsNow: boolean;
  /** The current price (fills now) or the limit. */
  price: string;
  notionalMinor: number;
  marginMinor: number;
  feeMinor: number;
  band: { limitUp: string; limitDown: string } | null;
  marketOpen: boolean;
  /** Stop and stop-limit: the trigger; trailing stop: where it starts. */
  triggerPrice: string | null;
  trail: Trail | null;
  /** Trailing stop: the best price so far (the current price at placement). */
  trailBest: string | null;
  validity: Validity;
  takeProfit: string | null;
  stopLoss: string | null;
}

const POSITIVE_INTEGER = /^\d{1,12}$/;

function decimalsOf(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

function minFeeFor(ctx: MarketBoundContext, market: Market): number {
  return ctx.config.minFeeMinor[market];
}

/** SPEC §6.3 fee on a notional at the configured rate and minimum. */
export function feeFor(ctx: MarketBoundContext, market: Market, notional: number): number {
  return feeMinor(notional, ctx.config.feeRateBps, minFeeFor(ctx, market));
}

/** The instrument of a code as typed (codes are case-insensitive). Indices are not tradable. */
export function tradableInstrument(ctx: MarketBoundContext, code: string): Instrument {
  const instrument = ctx.market.instrument(code) ?? ctx.market.instrument(code.toUpperCase());
  if (instrument?.kind !== 'stock') throw new DomainError('not_found', { field: 'code' });
  return instrument;
}

/**
 * Checks an order against SPEC §6.2–§6.3 and prices it. Refusals, in the order a user would fix
 * them: quantity_invalid, leverage_invalid, not_found, bad_request (price), price_unavailable,
 * price_limit, market_closed (unless `forPreview`), balance_insufficient for an absurd notional.
 */
export function planOrder(
  ctx: TradingContext,
  request: OrderRequest,
  now: Date,
  options: { forPreview?: boolean } = {},
): OrderPlan {
  const quantityText = request.quantity.trim();
  const quantity = POSITIVE_INTEGER.test(quantityText) ? Number(quantityText) : Number.NaN;
  if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > MAX_ORDER_QUANTITY)
    throw new DomainError('quantity_invalid', { field: 'quantity', max: MAX_ORDER_QUANTITY });

  const leverageText = request.leverage.trim() || '1';
  const leverage = POSITIVE_INTEGER.test(leverageText) ? Number(leverageText) : Number.NaN;
  if (!ctx.config.leverageChoices.includes(leverage))
    throw new DomainError('leverage_invalid', { field: 'leverage', choices: ctx.config.leverageChoices });

  const instrument = tradableInstrument(ctx, request.code);
  const market = instrument.market;

  let limitPrice: string | null = null;
  if (request.orderType === 'limit' || request.orderType === 'stop_limit') {
    const price = request.price?.trim();
    if (!price) throw new DomainError('bad_request', { field: 'price' });
    // A limit off the market's price grid is refused rather than silently rounded.
    if (decimalsOf(price) > PRICE_DECIMALS[market] || new Decimal(price).lte(0))
      throw new DomainError('bad_request', { field: 'price', decimals: PRICE_DECIMALS[market] });
    limitPrice = new Decimal(price).toFixed(PRICE_DECIMALS[market]);
  }

  const quote = ctx.market.quote(instrument.code);
  if (!quote || !(Number(quote.price) > 0)) throw new DomainError('price_unavailable', { field: 'code' });

  // SPEC §6.2: an order price outside the day's limits is rejected.
  const band = ctx.market.priceBand(instrument.code, now);
  if (limitPrice !== null && !isWithinPriceLimit(band, limitPrice))
    throw new DomainError('price_limit', {
      field: 'price',
      limitUp: band?.limitUp ?? null,
      limitDown: band?.limitDown ?? null,
    });

  const marketOpen = ctx.market.isOpen(market, now);
  if (!marketOpen && !options.forPreview) throw new DomainError('market_closed');

  if (request.mode === 'day' && !ctx.trading.dayTradeGate)
    throw new DomainError('bad_request', { field: 'mode', reason: 'day_trade_not_approved' });

  // SPEC §13.2: a trigger on its side of the price (it may lie past today's limits: it waits).
  const validity = request.validity ?? 'day';
  if (validity === 'gtc' && request.mode === 'day')
    throw new DomainError('bad_request', { field: 'validity', reason: 'day_mode_is_day' });
  let triggerPrice: string | null = null;
  let trail: Trail | null = null;
  let trailBest: string | null = null;
  if (request.orderType === 'stop' || request.orderType === 'stop_limit')
    triggerPrice = checkEntryTrigger(market, request.direction, request.triggerPrice, quote.price);
  if (request.orderType === 'trailing_stop') {
    trail = checkTrail(market, request.trailAmount, request.trailPercent, quote.price);
    trailBest = quote.price;
    triggerPrice = trailingTrigger(market, entryTriggerSide(request.direction), quote.price, trail);
  }

  const fillsNow =
    request.orderType === 'market' ||
    (request.orderType === 'limit' && limitOrderCrosses(request.direction, limitPrice!, quote.price));
  // A trigger order freezes at the worse of trigger and limit (SPEC §13.2).
  const price = fillsNow
    ? quote.price
    : triggerPrice !== null
      ? new Decimal(freezePrice(triggerPrice, limitPrice)).toFixed(PRICE_DECIMALS[market])
      : limitPrice!;
  // Take-profit and stop-loss on their sides of the price the position would open at.
  const opensAt = fillsNow ? quote.price : (limitPrice ?? triggerPrice!);
  const { takeProfit, stopLoss } = checkTpSl(
    market,
    request.direction,
    opensAt,
    request.takeProfit,
    request.stopLoss,
  );
  const scale = new Decimal(10).pow(CURRENCY_DECIMALS[MARKET_CURRENCY[market]]);
  if (new Decimal(price).times(quantity).times(scale).gt(MAX_NOTIONAL_MINOR))
    throw new DomainError('balance_insufficient', { field: 'quantity' });
  const notional = notionalMinor(market, price, quantity);
  return {
    instrument,
    quote,
    market,
    currency: MARKET_CURRENCY[market],
    direction: request.direction,
    orderType: request.orderType,
    mode: request.mode,
    quantity,
    leverage,
    limitPrice,
    fillsNow,
    price,
    notionalMinor: notional,
    marginMinor: marginMinor(market, price, quantity, leverage),
    feeMinor: feeFor(ctx, market, notional),
    band,
    marketOpen,
    triggerPrice,
    trail,
    trailBest,
    validity,
    takeProfit,
    stopLoss,
  };
}

/** When a pending order expires: its session's close (day) or 30 calendar days on (GTC). */
export function orderExpiry(ctx: MarketBoundContext, market: Market, validity: Validity, now: Date): Date {
  return validity === 'gtc' ? gtcExpiry(now) : expiryFor(ctx, market, now);
}

/**
 * When an unfilled limit order expires (SPEC §6.3 "expire at the session's close"): the close of
 * the last session of the trading day it was placed on. With MARKET_HOURS=always the market
 * never closes, so an order lasts until the end of the market-local calendar day.
 */
export function expiryFor(ctx: MarketBoundContext, market: Market, now: Date): Date {
  if (ctx.config.marketHours === 'always')
    return zonedInstant(MARKET_TIMEZONE[market], localDateOf(market, now), '24:00');
  return sessionClose(market, ctx.market.tradingDay(market, now));
}

// ---------------------------------------------------------------------------------------------
// Messages (SPEC §6.6: fills and stop-outs send a message).

/** The figures every message about a position names: its number, stock and quantity. */
const positionParams = (row: PositionRow) => ({
  order: { text: row.order_no },
  code: { text: row.code },
  quantity: { count: row.quantity },
});

export function fillMessage(row: PositionRow, price: string): OutgoingMessage {
  return {
    userId: row.user_id,
    kind: 'fill',
    template: {
      key: 'order_filled',
      params: { ...positionParams(row), side: { word: row.direction }, price: { price } },
    },
  };
}

function stopOutMessage(row: PositionRow, price: string, pnlMinor: number): OutgoingMessage {
  return {
    userId: row.user_id,
    kind: 'stop_out',
    template: {
      key: 'stop_out',
      params: {
        ...positionParams(row),
        price: { price },
        pnl: moneyParam(pnlMinor, MARKET_CURRENCY[row.market]),
      },
    },
  };
}

function expiryMessage(row: PositionRow): OutgoingMessage {
  return {
    userId: row.user_id,
    kind: 'order_expired',
    template: {
      key: 'order_expired',
      params: { ...positionParams(row), price: { price: row.limit_price ?? '' } },
    },
  };
}

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
