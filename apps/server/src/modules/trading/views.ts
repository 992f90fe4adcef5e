import {
  type Currency,
  Decimal,
  type Language,
  MARKET_CURRENCY,
  type Market,
  minorToDecimal,
  POSITION_STATUS,
  PRICE_DECIMALS,
  type ResponseOf,
  type userStockListCall,
  type userStockListsCall,
  type zPosition,
  type zPositionDetail,
} from '@kabuto/contract';
import { notionalMinor, pnlMinor, roundToTick, settleClose } from '@kabuto/domain';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Executor } from '../../db/schema';
import type { Valuation } from '../users/port';
import type { MarketBoundContext } from './context';
import { LIVE_STATES } from './context';
import { closeBlockedBy, closeSettlement } from './positions';
import { stopOutLevel } from './stop-out';
import type { PositionRow } from './tables';
import { rowTriggers } from './trigger-rules';

export type PositionView = z.output<typeof zPosition>;
export type PositionDetailView = z.output<typeof zPositionDetail>;

/** NUMERIC comes back with the column's scale ("1234.500000"): show the market's decimals, never fewer digits than stored. */
export function formatPrice(market: Market, value: string | null): string | null {
  if (value === null) return null;
  const d = new Decimal(value);
  return d.decimalPlaces() <= PRICE_DECIMALS[market] ? d.toFixed(PRICE_DECIMALS[market]) : d.toFixed();
}

const isLive = (row: PositionRow) => (LIVE_STATES as readonly string[]).includes(row.state);

/** What an open position is worth now: market value and unrealised P&L, capped at −margin (SPEC §0.4). */
export function liveValue(
  row: PositionRow,
  price: string | null,
): { marketValueMinor: number; unrealisedPnlMinor: number } {
  if ((row.state !== 'holding' && row.state !== 'closing') || row.open_price === null || price === null)
    return { marketValueMinor: 0, unrealisedPnlMinor: 0 };
  const pnl = pnlMinor(row.market, row.direction, row.open_price, price, row.quantity);
  return {
    marketValueMinor: notionalMinor(row.market, price, row.quantity),
    unrealisedPnlMinor: settleClose({ marginMinor: row.margin_minor, pnlMinor: pnl }).userPnlMinor,
  };
}

/** Funds frozen for a position now: margin + fee while pending, margin while open, nothing after. */
export function frozenMinorOf(row: PositionRow): number {
  if (row.state === 'pending') return row.margin_minor + row.fee_minor;
  if (row.state === 'holding' || row.state === 'closing') return row.margin_minor;
  return 0;
}

function currentPriceOf(ctx: MarketBoundContext, row: PositionRow): string | null {
  if (isLive(row)) return ctx.market.quote(row.code)?.price ?? row.open_price ?? row.limit_price;
  return row.close_price;
}

/** SPEC §13.2: what a row waits on — its trigger (where a trailing one is now), TP and SL. */
function triggerView(row: PositionRow) {
  const triggers = rowTriggers(row);
  const entry = triggers.find((t) => t.kind === 'entry');
  const sl = row.state === 'holding' ? triggers.find((t) => t.kind === 'sl') : undefined;
  const plain = (v: string | null) => (v === null ? null : new Decimal(v).toFixed());
  return {
    validity: row.validity,
    triggerPrice: formatPrice(row.market, entry?.level ?? row.trigger_price),
    trailAmount: formatPrice(row.market, row.trail_amount),
    trailPercent: plain(row.trail_percent),
    triggeredAt: row.triggered_at?.toISOString() ?? null,
    takeProfit: formatPrice(row.market, row.take_profit),
    stopLoss: formatPrice(row.market, sl?.level ?? row.stop_loss),
    stopLossTrailAmount: formatPrice(row.market, row.sl_trail_amount),
    stopLossTrailPercent: plain(row.sl_trail_percent),
  };
}

export function positionView(ctx: MarketBoundContext, row: PositionRow, language: Language): PositionView {
  const currency = MARKET_CURRENCY[row.market];
  const money = (minor: number) => minorToDecimal(minor, currency);
  const current = formatPrice(row.market, currentPriceOf(ctx, row));
  const live = liveValue(row, current);
  const pnl = isLive(row) ? live.unrealisedPnlMinor : (row.realised_pnl_minor ?? 0);
  const frozen = money(frozenMinorOf(row));
  const openPrice = formatPrice(row.market, row.open_price);
  const limitPrice = formatPrice(row.market, row.limit_price);
  const name = ctx.market.instrument(row.code)?.name[language] ?? row.code;
  const status =
    row.state === 'closed'
      ? POSITION_STATUS.closed
      : row.state === 'cancelled'
        ? POSITION_STATUS.cancelled
        : POSITION_STATUS.open;
  return {
    id: row.id,
    orderNo: row.order_no,
    code: row.code,
    name,
    market: row.market,
    currency,
    direction: row.direction,
    orderType: row.order_type,
    mode: row.mode,
    leverage: row.leverage,
    quantity: row.quantity,
    state: row.state,
    closeReason: row.close_reason,
    source: row.source,
    limitPrice,
    openPrice,
    openedAt: row.opened_at?.toISOString() ?? null,
    openedTradingDay: row.opened_trading_day,
    expiresAt: row.expires_at?.toISOString() ?? null,
    ...triggerView(row),
    currentPrice: current,
    margin: money(row.margin_minor),
    openFee: money(row.fee_minor),
    frozen,
    marketValue: money(live.marketValueMinor),
    pnl: money(pnl),
    closePrice: formatPrice(row.market, row.close_price),
    closedAt: row.closed_at?.toISOString() ?? null,
    closeFee: row.close_fee_minor === null ? null : money(row.close_fee_minor),
    realisedPnl: row.realised_pnl_minor === null ? null : money(row.realised_pnl_minor),
    houseAbsorbed: row.house_absorbed_minor === null ? null : money(row.house_absorbed_minor),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    status,
    nowprice: current ?? openPrice ?? limitPrice ?? '0',
    stock_num: row.quantity,
    buy_price: openPrice ?? limitPrice ?? '0',
    yingkui: money(pnl),
    money: frozen,
  };
}

export function positionDetail(
  ctx: MarketBoundContext,
  row: PositionRow,
  language: Language,
): PositionDetailView {
  const view = positionView(ctx, row, language);
  const now = ctx.clock.now();
  const blocked = closeBlockedBy(ctx, row, now);
  const price = ctx.market.quote(row.code)?.price ?? null;
  const holding = row.state === 'holding' && row.open_price !== null;
  return {
    ...view,
    closable: blocked === null,
    closeBlockedBy: blocked,
    estimatedCloseFee:
      holding && price
        ? minorToDecimal(closeSettlement(ctx, row, price).closeFeeMinor, MARKET_CURRENCY[row.market])
        : null,
    stopOutPrice: holding
      ? roundToTick(
          row.market,
          Decimal.max(
            stopOutLevel({
              market: row.market,
              direction: row.direction,
              openPrice: row.open_price!,
              quantity: row.quantity,
              marginMinor: row.margin_minor,
              stopOutPercent: ctx.config.stopOutPercent,
            }),
            0,
          ),
        )
      : null,
  };
}

export async function findOwnPosition(
  db: Executor,
  userId: number,
  id: number,
): Promise<PositionRow | undefined> {
  return db
    .selectFrom('positions')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * SPEC §8 `/trade/userstocklist`: open positions of one market, newest first, paged, with the
 * aggregates over all of them (a user's open positions are few, so they are read in one go).
 */
export async function openPositions(
  ctx: MarketBoundContext,
  userId: number,
  market: Market,
  language: Language,
  page: number,
  size: number,
): Promise<ResponseOf<typeof userStockListCall>> {
  const rows = await ctx.db
    .selectFrom('positions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('market', '=', market)
    .where('state', 'in', [...LIVE_STATES])
    // Mirrored positions of copy holdings show under Following orders (/trade/followOrders).
    .where('source', '<>', 'copy')
    .orderBy('id', 'desc')
    .execute();
  const currency = MARKET_CURRENCY[market];
  let value = 0;
  let pnl = 0;
  let frozen = 0;
  for (const row of rows) {
    const live = liveValue(row, ctx.market.quote(row.code)?.price ?? null);
    value += live.marketValueMinor;
    pnl += live.unrealisedPnlMinor;
    frozen += frozenMinorOf(row);
  }
  return {
    list: rows.slice((page - 1) * size, page * size).map((row) => positionView(ctx, row, language)),
    page,
    size,
    total: rows.length,
    ccsz: minorToDecimal(value, currency),
    fdyk: minorToDecimal(pnl, currency),
    frozen: minorToDecimal(frozen, currency),
  };
}

/** SPEC §8 `/trade/userstocklists`: closed and cancelled positions, newest first, with lsyk over all. */
export async function endedPositions(
  ctx: MarketBoundContext,
  userId: number,
  market: Market,
  language: Language,
  page: number,
  size: number,
): Promise<ResponseOf<typeof userStockListsCall>> {
  const base = ctx.db
    .selectFrom('positions')
    .where('user_id', '=', userId)
    .where('market', '=', market)
    .where('state', 'in', ['closed', 'cancelled'])
    .where('source', '<>', 'copy');
  const [rows, totals] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base
      .select([
        sql<string>`count(*)::text`.as('n'),
        sql<string>`COALESCE(SUM(realised_pnl_minor), 0)::text`.as('pnl'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((row) => positionView(ctx, row, language)),
    page,
    size,
    total: Number(totals.n),
    lsyk: minorToDecimal(Number(totals.pnl), MARKET_CURRENCY[market]),
  };
}

/**
 * The account panel's holdings (SPEC §2, §6.4): market value and unrealised P&L of the user's
 * open positions per currency, from in-memory quotes.
 */
export async function valuation(
  ctx: MarketBoundContext,
  userId: number,
): Promise<Partial<Record<Currency, Valuation>>> {
  const rows = await ctx.db
    .selectFrom('positions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('state', 'in', ['holding', 'closing'])
    .execute();
  const out: Partial<Record<Currency, Valuation>> = {};
  for (const row of rows) {
    const live = liveValue(row, ctx.market.quote(row.code)?.price ?? null);
    const currency = MARKET_CURRENCY[row.market];
    const slot = out[currency] ?? { positionValueMinor: 0, unrealisedPnlMinor: 0 };
    slot.positionValueMinor += live.marketValueMinor;
    slot.unrealisedPnlMinor += live.unrealisedPnlMinor;
    out[currency] = slot;
  }
  return out;
}
