import {
  CURRENCY_DECIMALS,
  Decimal,
  MARKET_CURRENCY,
  MARKET_TIMEZONE,
  MAX_ORDER_QUANTITY,
  type Market,
  PRICE_DECIMALS,
  type Validity,
} from '@kabuto/contract';
import {
  entryTriggerSide,
  feeMinor,
  freezePrice,
  gtcExpiry,
  isWithinPriceLimit,
  limitOrderCrosses,
  localDateOf,
  marginMinor,
  notionalMinor,
  sessionClose,
  type Trail,
  trailingTrigger,
  zonedInstant,
} from '@kabuto/domain';
import { DomainError } from '../../errors';
import type { Instrument } from '../../market/types';
import {
  MAX_NOTIONAL_MINOR,
  type MarketBoundContext,
  type OrderPlan,
  type OrderRequest,
  type TradingContext,
} from './context';
import { checkEntryTrigger, checkTpSl, checkTrail } from './trigger-rules';

/** Planning an order: the instrument, its fee, margin and expiry, before anything moves (SPEC §6.3, §13.2). */
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
