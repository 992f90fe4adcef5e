import { Decimal, type Direction, type Market, PRICE_DECIMALS } from '@kabuto/contract';
import {
  entryTriggerSide,
  stopLossSide,
  type Trail,
  type TriggerSide,
  takeProfitSide,
  trailingTrigger,
  trailValid,
  triggerOnItsSide,
} from '@kabuto/domain';
import { DomainError } from '../../errors';
import type { PositionRow } from './tables';

/**
 * SPEC §13.2 rules the trading service and the engine share: reading and checking triggers,
 * trails, take-profit and stop-loss as typed, and the triggers a stored row carries now.
 */

function decimalsOf(text: string): number {
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/** A positive price on the market's grid, normalised; off-grid or ≤ 0 is `bad_request`. */
export function gridPrice(market: Market, text: string | undefined, field: string): string | null {
  const value = text?.trim();
  if (!value) return null;
  if (decimalsOf(value) > PRICE_DECIMALS[market] || new Decimal(value).lte(0))
    throw new DomainError('bad_request', { field, decimals: PRICE_DECIMALS[market] });
  return new Decimal(value).toFixed(PRICE_DECIMALS[market]);
}

/** The trigger of a stop or stop-limit: required, and on its side of the current price. */
export function checkEntryTrigger(
  market: Market,
  direction: Direction,
  text: string | undefined,
  current: string,
): string {
  const trigger = gridPrice(market, text, 'trigger_price');
  if (trigger === null) throw new DomainError('trigger_invalid', { field: 'trigger_price' });
  const side = entryTriggerSide(direction);
  if (!triggerOnItsSide(side, trigger, current))
    throw new DomainError('trigger_invalid', { field: 'trigger_price', side, price: current });
  return trigger;
}

/** One trail, by amount or by percentage; none, both or out of range is `trail_invalid`. */
export function checkTrail(
  market: Market,
  amount: string | undefined,
  percent: string | undefined,
  current: string,
): Trail {
  const a = amount?.trim() || null;
  const p = percent?.trim() || null;
  if ((a === null) === (p === null)) throw new DomainError('trail_invalid', { field: 'trail_amount' });
  const trail: Trail =
    a !== null ? { amount: new Decimal(a).toFixed() } : { percent: new Decimal(p!).toFixed() };
  if (!trailValid(market, trail, current))
    throw new DomainError('trail_invalid', { field: a !== null ? 'trail_amount' : 'trail_percent', max: 50 });
  return trail;
}

/** Take-profit and stop-loss must lie on their sides of the price the position opens (or stands) at. */
export function checkTpSl(
  market: Market,
  direction: Direction,
  reference: string,
  takeProfitText: string | undefined,
  stopLossText: string | undefined,
): { takeProfit: string | null; stopLoss: string | null } {
  const takeProfit = gridPrice(market, takeProfitText, 'take_profit');
  const stopLoss = gridPrice(market, stopLossText, 'stop_loss');
  if (takeProfit !== null && !triggerOnItsSide(takeProfitSide(direction), takeProfit, reference))
    throw new DomainError('trigger_invalid', {
      field: 'take_profit',
      side: takeProfitSide(direction),
      price: reference,
    });
  if (stopLoss !== null && !triggerOnItsSide(stopLossSide(direction), stopLoss, reference))
    throw new DomainError('trigger_invalid', {
      field: 'stop_loss',
      side: stopLossSide(direction),
      price: reference,
    });
  return { takeProfit, stopLoss };
}

export const TRIGGER_ORDER_TYPES = ['stop', 'stop_limit', 'trailing_stop'] as const;

export function isTriggerType(type: string): type is (typeof TRIGGER_ORDER_TYPES)[number] {
  return (TRIGGER_ORDER_TYPES as readonly string[]).includes(type);
}

function trailOf(amount: string | null, percent: string | null): Trail | null {
  if (amount !== null) return { amount: new Decimal(amount).toFixed() };
  if (percent !== null) return { percent: new Decimal(percent).toFixed() };
  return null;
}

/** What a trigger of a row is: the entry of a waiting order, or a position's take-profit or stop-loss. */
export type TriggerKind = 'entry' | 'tp' | 'sl';

export interface RowTrigger {
  kind: TriggerKind;
  side: TriggerSide;
  /** Where it fires now (a trailing one: from its best so far). */
  level: string;
  trail: Trail | null;
  best: string | null;
}

/** The triggers a stored row waits on now: a waiting entry, or a holding position's TP and SL. */
export function rowTriggers(row: PositionRow): RowTrigger[] {
  if (row.state === 'pending' && row.triggered_at === null && isTriggerType(row.order_type)) {
    const side = entryTriggerSide(row.direction);
    const trail = trailOf(row.trail_amount, row.trail_percent);
    if (trail && row.trail_best !== null)
      return [
        {
          kind: 'entry',
          side,
          level: trailingTrigger(row.market, side, row.trail_best, trail),
          trail,
          best: row.trail_best,
        },
      ];
    if (row.trigger_price !== null)
      return [{ kind: 'entry', side, level: row.trigger_price, trail: null, best: null }];
    return [];
  }
  if (row.state !== 'holding') return [];
  const out: RowTrigger[] = [];
  if (row.take_profit !== null)
    out.push({
      kind: 'tp',
      side: takeProfitSide(row.direction),
      level: row.take_profit,
      trail: null,
      best: null,
    });
  const slTrail = trailOf(row.sl_trail_amount, row.sl_trail_percent);
  const slSide = stopLossSide(row.direction);
  if (slTrail && row.sl_trail_best !== null)
    out.push({
      kind: 'sl',
      side: slSide,
      level: trailingTrigger(row.market, slSide, row.sl_trail_best, slTrail),
      trail: slTrail,
      best: row.sl_trail_best,
    });
  else if (row.stop_loss !== null)
    out.push({ kind: 'sl', side: slSide, level: row.stop_loss, trail: null, best: null });
  return out;
}
