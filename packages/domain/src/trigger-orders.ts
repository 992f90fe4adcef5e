import { Decimal, type Direction, type Market, PRICE_DECIMALS } from '@kabuto/contract';
import { D } from './numeric';

/**
 * Orders that protect the investor (SPEC §13.2): stop, stop-limit and trailing-stop triggers,
 * take-profit and stop-loss attached to a position. Pure rules; the server stores and fires them.
 */

/** Which way a price must move to touch a trigger: up to it (`rise`) or down to it (`fall`). */
export type TriggerSide = 'rise' | 'fall';

/** The most a trailing stop may trail by, in percent of the best price. */
export const MAX_TRAIL_PERCENT = 50;
/** A GTC order lasts at most this many calendar days. */
export const GTC_DAYS = 30;

/**
 * SPEC §13.2: a stop or stop-limit to open a long is sent when the price rises to the trigger, one
 * to open a short when it falls to it; a trailing entry follows the same sides.
 */
export function entryTriggerSide(direction: Direction): TriggerSide {
  return direction === 'long' ? 'rise' : 'fall';
}

/** Take-profit closes a long when the price rises to it, a short when it falls to it. */
export function takeProfitSide(direction: Direction): TriggerSide {
  return direction === 'long' ? 'rise' : 'fall';
}

/** Stop-loss closes a long when the price falls to it, a short when it rises to it. */
export function stopLossSide(direction: Direction): TriggerSide {
  return direction === 'long' ? 'fall' : 'rise';
}

/** Whether `price` touches a trigger at `level` on `side`. */
export function triggerTouched(side: TriggerSide, level: Decimal.Value, price: Decimal.Value): boolean {
  return side === 'rise' ? new D(price).gte(level) : new D(price).lte(level);
}

/**
 * A trigger must lie on its side of the current price, strictly: one already touched would fire
 * on the next tick, which is a market order the investor did not ask for (`trigger_invalid`).
 */
export function triggerOnItsSide(side: TriggerSide, level: Decimal.Value, current: Decimal.Value): boolean {
  return side === 'rise' ? new D(level).gt(current) : new D(level).lt(current);
}

export type Trail = { amount: string } | { percent: string };

/**
 * A trail is valid when positive; a percentage at most MAX_TRAIL_PERCENT; an amount on the price
 * grid and below the price it trails (a trigger at or below zero never fires).
 */
export function trailValid(market: Market, trail: Trail, price: Decimal.Value): boolean {
  if ('percent' in trail) {
    const p = new D(trail.percent);
    return p.isFinite() && p.gt(0) && p.lte(MAX_TRAIL_PERCENT) && p.decimalPlaces() <= 2;
  }
  const a = new D(trail.amount);
  return (
    a.isFinite() &&
    a.gt(0) &&
    a.decimalPlaces() <= PRICE_DECIMALS[market] &&
    a.lt(price) &&
    a.lte(new D(price).times(MAX_TRAIL_PERCENT).dividedBy(100))
  );
}

/**
 * The best price a trailing trigger has seen: the highest for one that fires on a fall (it
 * follows the price up), the lowest for one that fires on a rise. It never moves back.
 */
export function nextBest(side: TriggerSide, best: Decimal.Value, price: Decimal.Value): string {
  const b = new D(best);
  const p = new D(price);
  return (side === 'fall' ? Decimal.max(b, p) : Decimal.min(b, p)).toFixed();
}

/**
 * moomoo's published formulas: a trailing stop that fires on a fall triggers at
 * best − amount or best × (1 − percent / 100); one that fires on a rise at best + amount or
 * best × (1 + percent / 100). Rounded onto the market's price grid away from the best price, so
 * the trail kept is never shorter than asked.
 */
export function trailingTrigger(
  market: Market,
  side: TriggerSide,
  best: Decimal.Value,
  trail: Trail,
): string {
  const b = new D(best);
  const raw =
    'amount' in trail
      ? side === 'fall'
        ? b.minus(trail.amount)
        : b.plus(trail.amount)
      : b
          .times(new D(100).plus(side === 'fall' ? new D(trail.percent).negated() : trail.percent))
          .dividedBy(100);
  const rounding = side === 'fall' ? Decimal.ROUND_FLOOR : Decimal.ROUND_CEIL;
  return raw.toDecimalPlaces(PRICE_DECIMALS[market], rounding).toFixed(PRICE_DECIMALS[market]);
}

/**
 * The price an order's margin and fee are frozen at (SPEC §13.2): the worse of trigger and limit,
 * that is the higher (margin grows with the price for longs and shorts alike).
 */
export function freezePrice(trigger: Decimal.Value, limit: Decimal.Value | null): string {
  if (limit === null) return new D(trigger).toFixed();
  return Decimal.max(trigger, limit).toFixed();
}

export type TriggerOrderType = 'stop' | 'stop_limit' | 'trailing_stop';

/** What an order will do, in words the screens render in the reader's language. */
export interface OrderSentence {
  /** `now`: sent at once; `rise`/`fall`: when the price rises/falls to `trigger`. */
  when: 'now' | TriggerSide;
  trigger: string | null;
  /** Trailing: the trail the trigger keeps behind the best price. */
  trail: Trail | null;
  action: 'buy' | 'sell';
  quantity: number;
  /** At market, or as a limit order at `limit`. */
  at: 'market' | 'limit';
  limit: string | null;
}

/**
 * The data of the order form's preview sentence ("If Toyota falls to ¥2,700.0, sell 100 at
 * market"): opening a long buys, opening a short sells.
 */
export function orderSentence(order: {
  direction: Direction;
  orderType: 'market' | 'limit' | TriggerOrderType;
  quantity: number;
  price: string | null;
  trigger: string | null;
  trail: Trail | null;
}): OrderSentence {
  const action = order.direction === 'long' ? 'buy' : 'sell';
  const limited = order.orderType === 'limit' || order.orderType === 'stop_limit';
  const triggered = order.orderType !== 'market' && order.orderType !== 'limit';
  return {
    when: triggered ? entryTriggerSide(order.direction) : 'now',
    trigger: triggered ? order.trigger : null,
    trail: order.orderType === 'trailing_stop' ? order.trail : null,
    action,
    quantity: order.quantity,
    at: limited ? 'limit' : 'market',
    limit: limited ? order.price : null,
  };
}

/**
 * The expiry of a good-till-cancelled order: GTC_DAYS calendar days after it was placed, to the
 * millisecond.
 */
export function gtcExpiry(placedAt: Date): Date {
  return new Date(placedAt.getTime() + GTC_DAYS * 86_400_000);
}
