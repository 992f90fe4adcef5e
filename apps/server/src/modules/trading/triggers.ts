import { Decimal, MARKET_CURRENCY, MAX_ORDER_QUANTITY, PRICE_DECIMALS } from '@kabuto/contract';
import {
  entryTriggerSide,
  freezePrice,
  isWithinPriceLimit,
  limitOrderCrosses,
  marginMinor,
  nextBest,
  notionalMinor,
  stopLossSide,
  triggerTouched,
} from '@kabuto/domain';
import { sql, type Updateable } from 'kysely';
import { afterCommit } from '../../db/ambient';
import { inTransaction } from '../../db/database';
import type { Executor, Tx } from '../../db/schema';
import { DomainError } from '../../errors';
import { ledgerRefusals, postTransaction } from '../../ledger/ledger';
import { messages } from '../messages/port';
import { fundingOf, type MarketBoundContext, type TradingContext } from './context';
import {
  type FillOutcome,
  lockOwnPosition,
  lockPosition,
  moves,
  openPending,
  releasePending,
} from './orders';
import { feeFor } from './plan';
import { closeBlockedBy, type StopOutOutcome, settle } from './positions';
import type { PositionRow, PositionsTable } from './tables';
import { protectiveCloseMessage, triggeredMessage } from './trade-messages';
import {
  checkEntryTrigger,
  checkTpSl,
  checkTrail,
  gridPrice,
  rowTriggers,
  type TriggerKind,
} from './trigger-rules';

/** Whether a price may trade today (SPEC §13.2: a trigger past the day's limits waits). */
function tradableAt(ctx: MarketBoundContext, row: PositionRow, price: string, now: Date): boolean {
  if (!ctx.market.isOpen(row.market, now)) return false;
  return isWithinPriceLimit(ctx.market.priceBand(row.code, now), price);
}

/**
 * Fires the trigger of a waiting order that `tickPrice` touched (SPEC §13.2). The row is locked
 * and its state checked — pending and not yet triggered — in the transaction that fires it, so on
 * any number of nodes exactly one fires it. A stop and a trailing stop open at the tick's price
 * (a market order); a stop-limit becomes a limit order at its price, filled at once if the price
 * already crosses it. `seenBest` is the best price the engine saw for a trailing stop.
 */
export async function fireTrigger(
  ctx: MarketBoundContext,
  id: number,
  tickPrice: string,
  seenBest: string | null,
): Promise<FillOutcome> {
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (trx): Promise<FillOutcome> => {
    const row = await lockPosition(trx, id);
    if (row?.state !== 'pending' || row.triggered_at !== null) return { kind: 'gone' };
    const side = entryTriggerSide(row.direction);
    const extra: Updateable<PositionsTable> = { triggered_at: now };
    let current = row;
    if (row.trail_best !== null && seenBest !== null) {
      const best = nextBest(side, row.trail_best, seenBest);
      if (best !== new Decimal(row.trail_best).toFixed()) {
        current = { ...row, trail_best: best };
        extra.trail_best = best;
      }
    }
    const [trigger] = rowTriggers(current);
    if (!trigger) return { kind: 'gone' };
    if (row.expires_at && row.expires_at.getTime() <= now.getTime())
      return { kind: 'expired', row: await releasePending(trx, row, 'expired', now) };
    if (!triggerTouched(side, trigger.level, tickPrice) || !tradableAt(ctx, row, tickPrice, now)) {
      if (extra.trail_best) await saveBests(trx, [row.id], 'trail_best', side, extra.trail_best);
      return { kind: 'not_crossed' };
    }
    const price = new Decimal(tickPrice).toFixed(PRICE_DECIMALS[row.market]);
    // A stop-limit whose limit lies past today's limits waits for a day it can trade on.
    if (
      row.order_type === 'stop_limit' &&
      !isWithinPriceLimit(ctx.market.priceBand(row.code, now), row.limit_price!)
    )
      return { kind: 'not_crossed' };
    const outcome = await sendTriggered(ctx, trx, row, current, price, tickPrice, now, extra);
    // The investor hears that the trigger fired (SPEC §13.3) when its order went out: filled, or
    // resting as a limit. A triggered order the funds no longer cover has its own outcome.
    if (outcome.kind === 'filled' || outcome.kind === 'triggered')
      await messages.send(trx, triggeredMessage(row, price), now);
    return outcome;
  });
}

/** Sends a fired trigger's order: at the price for a stop, as a limit for a stop-limit. */
async function sendTriggered(
  ctx: MarketBoundContext,
  trx: Tx,
  row: PositionRow,
  current: PositionRow,
  price: string,
  tickPrice: string,
  now: Date,
  extra: Updateable<PositionsTable>,
): Promise<FillOutcome> {
  if (row.order_type !== 'stop_limit') return openPending(ctx, trx, current, price, 'cancel', now, extra);
  if (limitOrderCrosses(row.direction, row.limit_price!, tickPrice)) {
    const limit = new Decimal(row.limit_price!);
    const better = row.direction === 'long' ? Decimal.min(limit, tickPrice) : Decimal.max(limit, tickPrice);
    return openPending(ctx, trx, current, better.toFixed(PRICE_DECIMALS[row.market]), 'limit', now, extra);
  }
  const rested = await trx
    .updateTable('positions')
    .set({ ...extra, updated_at: now })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { kind: 'triggered', row: rested };
}

/** Moves stored best prices towards the investor only (GREATEST for a fall trigger, LEAST for a rise). */
export async function saveBests(
  db: Executor,
  ids: number[],
  column: 'trail_best' | 'sl_trail_best',
  side: 'rise' | 'fall',
  best: string,
): Promise<void> {
  if (ids.length === 0) return;
  const col = sql.ref(column);
  const value = sql`${best}::numeric`;
  await db
    .updateTable('positions')
    .set({
      [column]: side === 'fall' ? sql`GREATEST(${col}, ${value})` : sql`LEAST(${col}, ${value})`,
    })
    .where('id', 'in', ids)
    .where(column, 'is not', null)
    .where('state', 'in', ['pending', 'holding'])
    .execute();
}

/**
 * Closes a holding position whose take-profit or stop-loss `tickPrice` reached, at that price
 * (a market close). Closing the position ends the other one with it: that is the OCO, in the
 * same transaction. State-guarded like every close, so it happens at most once on any node.
 */
export async function closeByTrigger(
  ctx: MarketBoundContext,
  id: number,
  kind: Exclude<TriggerKind, 'entry'>,
  tickPrice: string,
  seenBest: string | null,
): Promise<StopOutOutcome> {
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (trx): Promise<StopOutOutcome> => {
    const row = await lockPosition(trx, id);
    if (row?.state !== 'holding' || row.open_price === null) return { kind: 'gone' };
    let current = row;
    if (kind === 'sl' && row.sl_trail_best !== null && seenBest !== null) {
      current = { ...row, sl_trail_best: nextBest(stopLossSide(row.direction), row.sl_trail_best, seenBest) };
    }
    const trigger = rowTriggers(current).find((t) => t.kind === kind);
    if (!trigger) return { kind: 'gone' };
    const blocked = closeBlockedBy(ctx, row, now);
    if (
      !triggerTouched(trigger.side, trigger.level, tickPrice) ||
      !tradableAt(ctx, row, tickPrice, now) ||
      (blocked !== null && blocked !== 'price_unavailable')
    ) {
      if (current.sl_trail_best !== row.sl_trail_best && current.sl_trail_best !== null)
        await saveBests(trx, [row.id], 'sl_trail_best', trigger.side, current.sl_trail_best);
      return { kind: 'not_reached' };
    }
    const price = new Decimal(tickPrice).toFixed(PRICE_DECIMALS[row.market]);
    const done = await settle(ctx, trx, row, price, kind === 'tp' ? 'take_profit' : 'stop_loss', now);
    await messages.send(trx, protectiveCloseMessage(row, kind, price, done.settlement.userPnlMinor), now);
    return { kind: 'stopped', ...done };
  });
}

export interface ModifyRequest {
  id: number;
  price?: string | undefined;
  triggerPrice?: string | undefined;
  quantity?: string | undefined;
}

/**
 * `/trade/modify` (SPEC §13.2): a pending order's limit, trigger or quantity (down only). The
 * margin and fee are priced again as at placement and the difference moves between available and
 * frozen in the same transaction as the change. Anything but a pending order (filled, cancelled,
 * expired) answers `order_not_modifiable` and changes nothing.
 */
export async function modifyOrder(
  ctx: TradingContext,
  userId: number,
  request: ModifyRequest,
): Promise<PositionRow> {
  const now = ctx.clock.now();
  const row = await inTransaction(ctx.db, async (trx) => {
    const row = await lockOwnPosition(trx, request.id, userId);
    if (row.state !== 'pending')
      throw new DomainError('order_not_modifiable', { field: 'id', state: row.state });
    const quote = ctx.market.quote(row.code);
    if (!quote || !(Number(quote.price) > 0)) throw new DomainError('price_unavailable', { field: 'id' });
    const change: Updateable<PositionsTable> = {};

    let quantity = row.quantity;
    const quantityText = request.quantity?.trim();
    if (quantityText) {
      const q = /^\d{1,12}$/.test(quantityText) ? Number(quantityText) : Number.NaN;
      if (!Number.isSafeInteger(q) || q < 1 || q > MAX_ORDER_QUANTITY)
        throw new DomainError('quantity_invalid', { field: 'quantity', max: row.quantity });
      if (q > row.quantity)
        throw new DomainError('quantity_invalid', { field: 'quantity', max: row.quantity });
      quantity = q;
    }

    let limit = row.limit_price;
    const priceText = request.price?.trim();
    if (priceText) {
      if (row.limit_price === null) throw new DomainError('bad_request', { field: 'price' });
      limit = gridPrice(row.market, priceText, 'price');
      const band = ctx.market.priceBand(row.code, now);
      if (!isWithinPriceLimit(band, limit!))
        throw new DomainError('price_limit', {
          field: 'price',
          limitUp: band?.limitUp ?? null,
          limitDown: band?.limitDown ?? null,
        });
      // A resting limit order that would cross at once is a fill, not a change: ask for a new order.
      const resting = row.order_type === 'limit' || row.triggered_at !== null;
      if (resting && limitOrderCrosses(row.direction, limit!, quote.price))
        throw new DomainError('bad_request', { field: 'price', reason: 'crosses' });
    }

    let trigger = row.trigger_price;
    const triggerText = request.triggerPrice?.trim();
    if (triggerText) {
      if (row.trigger_price === null || row.triggered_at !== null)
        throw new DomainError('trigger_invalid', { field: 'trigger_price' });
      trigger = checkEntryTrigger(row.market, row.direction, triggerText, quote.price);
    }

    // The take-profit and stop-loss must stay on their sides of the new opening price.
    const opensAt = limit ?? trigger;
    if (opensAt !== null && (row.take_profit !== null || row.stop_loss !== null))
      checkTpSl(row.market, row.direction, opensAt, row.take_profit ?? undefined, row.stop_loss ?? undefined);

    const freezeAt =
      trigger !== null && row.triggered_at === null
        ? new Decimal(freezePrice(trigger, limit)).toFixed(PRICE_DECIMALS[row.market])
        : row.trail_best !== null
          ? null
          : limit;
    let margin = row.margin_minor;
    let fee = row.fee_minor;
    if (freezeAt !== null) {
      margin = marginMinor(row.market, freezeAt, quantity, row.leverage);
      fee = feeFor(ctx, row.market, notionalMinor(row.market, freezeAt, quantity));
    } else if (quantity !== row.quantity) {
      // A trailing stop keeps its freeze per share.
      margin = Math.ceil((row.margin_minor * quantity) / row.quantity);
      fee = Math.max(
        Math.ceil((row.fee_minor * quantity) / row.quantity),
        ctx.config.minFeeMinor[row.market],
      );
    }
    const delta = margin + fee - (row.margin_minor + row.fee_minor);
    if (delta !== 0) {
      const currency = MARKET_CURRENCY[row.market];
      await ledgerRefusals(() =>
        postTransaction(
          trx,
          {
            kind: 'order_modify',
            userId: row.user_id,
            refType: 'position',
            refId: row.id,
            memo: `${row.order_no}`,
            postings: moves([
              { userId: row.user_id, account: fundingOf(row), currency, amountMinor: -delta },
              { userId: row.user_id, account: 'frozen:order', currency, amountMinor: delta },
            ]),
          },
          now,
        ),
      );
    }
    Object.assign(change, {
      quantity,
      limit_price: limit,
      trigger_price: trigger,
      margin_minor: margin,
      fee_minor: fee,
    });
    return trx
      .updateTable('positions')
      .set({ ...change, updated_at: now })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  afterCommit(() => ctx.trading.engine.track(row));
  return row;
}

export interface TpSlRequest {
  id: number;
  takeProfit?: string | undefined;
  stopLoss?: string | undefined;
  trailAmount?: string | undefined;
  trailPercent?: string | undefined;
}

/**
 * `/trade/setTpSl` (SPEC §13.2): sets, changes or removes (empty) the take-profit and stop-loss
 * of a holding position — checked against the current price — or of a pending order (IFD /
 * IFDOCO) — checked against the price it will open at. A trail makes the stop-loss trailing from
 * the current price. Other states answer `order_not_modifiable`.
 */
export async function setTpSl(
  ctx: TradingContext,
  userId: number,
  request: TpSlRequest,
): Promise<PositionRow> {
  const now = ctx.clock.now();
  const row = await inTransaction(ctx.db, async (trx) => {
    const row = await lockOwnPosition(trx, request.id, userId);
    if (row.state !== 'holding' && row.state !== 'pending')
      throw new DomainError('order_not_modifiable', { field: 'id', state: row.state });
    const quote = ctx.market.quote(row.code);
    if (!quote || !(Number(quote.price) > 0)) throw new DomainError('price_unavailable', { field: 'id' });
    const reference =
      row.state === 'holding'
        ? quote.price
        : (row.limit_price ?? row.trigger_price ?? rowTriggers(row)[0]?.level ?? quote.price);
    const { takeProfit, stopLoss } = checkTpSl(
      row.market,
      row.direction,
      reference,
      request.takeProfit,
      request.stopLoss,
    );
    const trailed = Boolean(request.trailAmount?.trim() || request.trailPercent?.trim());
    if (trailed && row.state !== 'holding')
      throw new DomainError('trail_invalid', { field: 'trail_amount', state: row.state });
    if (trailed && stopLoss !== null)
      throw new DomainError('bad_request', { field: 'stop_loss', reason: 'fixed_or_trailing' });
    const trail = trailed
      ? checkTrail(row.market, request.trailAmount, request.trailPercent, quote.price)
      : null;
    return trx
      .updateTable('positions')
      .set({
        take_profit: takeProfit,
        stop_loss: stopLoss,
        sl_trail_amount: trail && 'amount' in trail ? trail.amount : null,
        sl_trail_percent: trail && 'percent' in trail ? trail.percent : null,
        sl_trail_best: trail ? quote.price : null,
        updated_at: now,
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  afterCommit(() => ctx.trading.engine.track(row));
  return row;
}
