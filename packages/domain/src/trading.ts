import { type Decimal, type Direction, MARKET_CURRENCY, type Market, type TradeMode } from '@kabuto/contract';
import {
  assertNonNegativeInteger,
  assertPositiveInteger,
  D,
  normalizeZero,
  positiveDecimal,
  ROUND_HALF_UP,
  ROUND_UP,
  toMinorUnits,
} from './numeric';

/** SPEC §6.3: default share of the margin a loss may reach before the position is stopped out. */
export const DEFAULT_STOP_OUT_PERCENT = 80;
const BPS_PER_UNIT = 10_000;

/** price × quantity in minor units of the market currency, half-up. */
export function notionalMinor(market: Market, price: Decimal.Value, quantity: number): number {
  assertPositiveInteger(quantity, 'quantity');
  return toMinorUnits(
    positiveDecimal(price, 'price').times(quantity),
    MARKET_CURRENCY[market],
    ROUND_HALF_UP,
  );
}

/**
 * SPEC §6.3 margin = notional ÷ leverage, rounded up to the minor unit so the broker never
 * collects less than the rule asks; with leverage 1 it equals the notional.
 */
export function marginMinor(
  market: Market,
  price: Decimal.Value,
  quantity: number,
  leverage: number,
): number {
  const lev = positiveDecimal(leverage, 'leverage');
  return new D(notionalMinor(market, price, quantity)).dividedBy(lev).toDecimalPlaces(0, ROUND_UP).toNumber();
}

/** SPEC §6.3 fee = rate × notional, rounded up, never below the configured minimum. */
export function feeMinor(orderNotionalMinor: number, feeRateBps: number, minFeeMinor: number): number {
  assertNonNegativeInteger(orderNotionalMinor, 'notional');
  assertNonNegativeInteger(minFeeMinor, 'minimum fee');
  const rate = new D(feeRateBps);
  if (!rate.isFinite() || rate.isNegative())
    throw new RangeError(`fee rate must be ≥ 0 bps, got ${feeRateBps}`);
  const fee = new D(orderNotionalMinor)
    .times(rate)
    .dividedBy(BPS_PER_UNIT)
    .toDecimalPlaces(0, ROUND_UP)
    .toNumber();
  return Math.max(fee, minFeeMinor);
}

/**
 * SPEC §6.3 P&L: (current − open) × quantity for long, the opposite for short. The magnitude is
 * rounded half-up and the sign re-applied, so a long and a short of the same trade mirror exactly.
 */
export function pnlMinor(
  market: Market,
  direction: Direction,
  openPrice: Decimal.Value,
  currentPrice: Decimal.Value,
  quantity: number,
): number {
  assertPositiveInteger(quantity, 'quantity');
  const move = positiveDecimal(currentPrice, 'current price')
    .minus(positiveDecimal(openPrice, 'open price'))
    .times(quantity);
  const magnitude = toMinorUnits(move.abs(), MARKET_CURRENCY[market], ROUND_HALF_UP);
  const sign = move.isNegative() === (direction === 'long') ? -1 : 1;
  return normalizeZero(sign * magnitude);
}

/** SPEC §6.3 stop-out: the loss has reached `stopOutPercent` % of the margin. */
export function stopOutReached(
  positionPnlMinor: number,
  positionMarginMinor: number,
  stopOutPercent: number = DEFAULT_STOP_OUT_PERCENT,
): boolean {
  if (positionPnlMinor >= 0) return false;
  return new D(-positionPnlMinor).times(100).gte(new D(positionMarginMinor).times(stopOutPercent));
}

export type CloseSettlement = {
  /** Margin to unfreeze. */
  releaseMarginMinor: number;
  /** Realised P&L booked to the user: never below −margin. */
  userPnlMinor: number;
  /** Loss beyond the margin, booked to the house (≥ 0). */
  houseAbsorbsMinor: number;
};

/**
 * SPEC §0.4: a user never loses more than the margin committed; the gap is the house's.
 * userPnlMinor − houseAbsorbsMinor always equals the market P&L.
 */
export function settleClose({
  marginMinor: margin,
  pnlMinor: pnl,
}: {
  marginMinor: number;
  pnlMinor: number;
}): CloseSettlement {
  assertNonNegativeInteger(margin, 'margin');
  if (!Number.isSafeInteger(pnl)) throw new RangeError(`pnl must be a safe integer, got ${pnl}`);
  if (pnl >= -margin) return { releaseMarginMinor: margin, userPnlMinor: pnl, houseAbsorbsMinor: 0 };
  return {
    releaseMarginMinor: margin,
    userPnlMinor: normalizeZero(-margin),
    houseAbsorbsMinor: -pnl - margin,
  };
}

/** SPEC §6.2: in China a position opened on trading day T closes from T+1, except in day-trade mode. */
export function canClose(
  market: Market,
  mode: TradeMode,
  openedTradingDay: string,
  todayTradingDay: string,
): boolean {
  if (market !== 'cny' || mode === 'day') return true;
  return todayTradingDay > openedTradingDay;
}

/** SPEC §6.3: a long limit fills when the market is at or below the limit, a short at or above. */
export function limitOrderCrosses(
  direction: Direction,
  limitPrice: Decimal.Value,
  marketPrice: Decimal.Value,
): boolean {
  const market = new D(marketPrice);
  return direction === 'long' ? market.lte(limitPrice) : market.gte(limitPrice);
}
