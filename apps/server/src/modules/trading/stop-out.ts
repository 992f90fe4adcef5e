import { CURRENCY_DECIMALS, Decimal, type Direction, MARKET_CURRENCY, type Market } from '@kabuto/contract';

/**
 * The price at which a position reaches its stop-out (SPEC §6.3), for the matching engine's index.
 *
 * The domain rule is `stopOutReached(pnlMinor(…), margin, percent)`: the loss in minor units,
 * rounded half-up, reaches `percent` % of the margin. That loss is an integer, so the rule holds
 * exactly when the loss reaches L = ⌈margin × percent ÷ 100⌉ (at least 1: a position without a
 * loss is never stopped out), and a half-up rounded loss reaches L exactly when the unrounded loss
 * reaches L − ½. Solving for the price gives this level with no rounding at all:
 *   long:  open − (L − ½) ÷ (quantity × 10^decimals)   (stopped out at or below)
 *   short: open + (L − ½) ÷ (quantity × 10^decimals)   (stopped out at or above)
 */
export function stopOutLevel(input: {
  market: Market;
  direction: Direction;
  openPrice: Decimal.Value;
  quantity: number;
  marginMinor: number;
  stopOutPercent: number;
}): Decimal {
  const lossThreshold = Decimal.max(
    new Decimal(input.marginMinor).times(input.stopOutPercent).dividedBy(100).ceil(),
    1,
  );
  const scale = new Decimal(10).pow(CURRENCY_DECIMALS[MARKET_CURRENCY[input.market]]);
  const distance = lossThreshold.minus('0.5').dividedBy(scale.times(input.quantity));
  const open = new Decimal(input.openPrice);
  return input.direction === 'long' ? open.minus(distance) : open.plus(distance);
}
