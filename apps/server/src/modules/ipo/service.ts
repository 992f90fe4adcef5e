import {
  Decimal,
  type Language,
  nameIn as localName,
  MARKET_CURRENCY,
  MARKET_TIMEZONE,
  MAX_LOTTERY_TICKETS,
  type Market,
  type NewShareListState,
  type NewShareView,
  type ParsedRequestOf,
  type SubscriptionView,
  type subscribeCall,
} from '@kabuto/contract';
import { notionalMinor } from '@kabuto/domain';
import { sql } from 'kysely';
import { inTransaction } from '../../db/database';
import type { Executor, Tx } from '../../db/schema';
import { DomainError } from '../../errors';
import { type User, verifyFundPassword } from '../../http/auth';
import { takeFundLock } from '../../ledger/funds';
import { placeHold, releaseHolds } from '../../ledger/holds';
import { orderNoFor } from '../../ledger/ledger';
import { isUniqueViolation } from '../identity/port';
import { messages } from '../messages/port';
import type { Draw, NewShare, Subscription } from './tables';
import './tables';
import { currencyOf, frozenMinor, type IpoContext, lotOf, money, nameIn, SEED_RULE } from './context';
import { paidMessage, releaseMessage } from './messages';

export function subscriptionView(sub: Subscription, share: NewShare, language: Language): SubscriptionView {
  const currency = currencyOf(share);
  const frozen = frozenMinor(sub);
  return {
    id: sub.id,
    orderNo: sub.order_no,
    shareId: share.id,
    code: share.code,
    name: nameIn(share, language),
    market: share.market,
    currency,
    price: new Decimal(share.price).toFixed(),
    quantity: sub.quantity,
    amount: money(sub.amount_minor, currency),
    wonQuantity: sub.won_quantity,
    wonAmount: money(sub.won_minor, currency),
    paidAmount: money(sub.paid_minor, currency),
    state: sub.state,
    status: frozen > 0 ? 1 : 0,
    rjmoney: frozen > 0 ? money(frozen, currency) : '-',
    lotteryAt: share.lottery_at.toISOString(),
    payUntil: share.pay_until.toISOString(),
    listsAt: share.lists_at.toISOString(),
    createdAt: sub.created_at.toISOString(),
    drawnAt: sub.drawn_at?.toISOString() ?? null,
    paidAt: sub.paid_at?.toISOString() ?? null,
    resolvedAt: sub.resolved_at?.toISOString() ?? null,
    positionId: sub.position_id,
  };
}

function shareView(
  ctx: IpoContext,
  share: NewShare,
  mine: Subscription | null,
  draw: Pick<Draw, 'applications'> | null,
  language: Language,
): NewShareView {
  const quote = share.state === 'listed' ? ctx.market.quote(share.code) : null;
  const price = new Decimal(share.price);
  const applied = draw ? draw.applications.reduce((sum, [, quantity]) => sum + quantity, 0) : null;
  return {
    id: share.id,
    code: share.code,
    name: nameIn(share, language),
    market: share.market,
    currency: currencyOf(share),
    timeZone: MARKET_TIMEZONE[share.market],
    state: share.state,
    price: price.toFixed(),
    provisionalPrice: share.provisional_price,
    marketPrice: quote?.price ?? null,
    priceDifference: quote ? new Decimal(quote.price).minus(price).toFixed() : null,
    premiumPercent: quote
      ? new Decimal(quote.price).minus(price).dividedBy(price).times(100).toFixed(2)
      : null,
    pe: share.pe === null ? null : new Decimal(share.pe).toFixed(),
    leadUnderwriter: localName(share.lead_underwriter_names, language, share.lead_underwriter),
    issueMarket: localName(share.issue_market_names, language, share.issue_market),
    offeredQuantity: share.offered_quantity,
    minQuantity: share.min_quantity,
    maxQuantity: share.max_quantity,
    appliedQuantity: applied,
    // No rate without applications: "100 %" of nothing would promise what no one was given.
    winningRatePercent:
      applied === null || applied === 0
        ? null
        : applied <= share.offered_quantity
          ? '100.00'
          : new Decimal(share.offered_quantity).dividedBy(applied).times(100).toFixed(2),
    opensAt: share.opens_at.toISOString(),
    closesAt: share.closes_at.toISOString(),
    lotteryAt: share.lottery_at.toISOString(),
    payUntil: share.pay_until.toISOString(),
    listsAt: share.lists_at.toISOString(),
    drawn: draw !== null,
    mine: mine ? subscriptionView(mine, share, language) : null,
  };
}

async function loadShare(db: Executor, id: number): Promise<NewShare | undefined> {
  return db.selectFrom('new_shares').selectAll().where('id', '=', id).executeTakeFirst();
}

async function decorate(ctx: IpoContext, shares: NewShare[], userId: number, language: Language) {
  if (shares.length === 0) return [];
  const ids = shares.map((s) => s.id);
  const [subs, draws] = await Promise.all([
    ctx.db
      .selectFrom('ipo_subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('share_id', 'in', ids)
      .execute(),
    ctx.db
      .selectFrom('ipo_draws')
      .select(['share_id', 'applications'])
      .where('share_id', 'in', ids)
      .execute(),
  ]);
  return shares.map((share) =>
    shareView(
      ctx,
      share,
      subs.find((s) => s.share_id === share.id) ?? null,
      draws.find((d) => d.share_id === share.id) ?? null,
      language,
    ),
  );
}

export async function listShares(
  ctx: IpoContext,
  userId: number,
  input: { type: Market; state?: NewShareListState | undefined; page: number; size: number },
  language: Language,
) {
  let query = ctx.db.selectFrom('new_shares').where('market', '=', input.type);
  if (input.state === 'ended') query = query.where('state', 'in', ['closed', 'listed']);
  else if (input.state) query = query.where('state', '=', input.state);
  const [rows, total] = await Promise.all([
    query
      .selectAll()
      .orderBy('opens_at', 'desc')
      .orderBy('id', 'desc')
      .limit(input.size)
      .offset((input.page - 1) * input.size)
      .execute(),
    query.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: await decorate(ctx, rows, userId, language),
    page: input.page,
    size: input.size,
    total: Number(total.n),
  };
}

export async function shareInfo(ctx: IpoContext, userId: number, id: number, language: Language) {
  const share = await loadShare(ctx.db, id);
  if (!share) throw new DomainError('product_missing', { field: 'id' });
  return (await decorate(ctx, [share], userId, language))[0]!;
}

/** A quantity as typed: whole units, within the share's minimum and cap, else `quantity_invalid`. */
export function parseQuantity(text: string, share: Pick<NewShare, 'min_quantity' | 'max_quantity'>): number {
  const quantity = /^[0-9]{1,12}$/.test(text) ? Number(text) : Number.NaN;
  if (
    !Number.isSafeInteger(quantity) ||
    quantity < share.min_quantity ||
    quantity > share.max_quantity ||
    quantity % lotOf(share) !== 0
  )
    throw new DomainError('quantity_invalid', {
      field: 'quantity',
      min: share.min_quantity,
      max: share.max_quantity,
      step: lotOf(share),
    });
  return quantity;
}

/**
 * SPEC §6.5 subscription: between open and deadline, once per share and user, a quantity within
 * the minimum and the cap; price × quantity is frozen through a ledger hold in the transaction
 * that writes the subscription (SPEC §0.4: a win never costs more than what is frozen).
 */
export async function subscribe(
  ctx: IpoContext,
  user: User,
  body: ParsedRequestOf<typeof subscribeCall>,
  language: Language,
): Promise<SubscriptionView> {
  const share = await loadShare(ctx.db, body.id);
  if (!share) throw new DomainError('product_missing', { field: 'id' });
  const now = ctx.clock.now();
  if (now.getTime() < share.opens_at.getTime())
    throw new DomainError('subscription_not_open', { opensAt: share.opens_at.toISOString() });
  if (now.getTime() >= share.closes_at.getTime())
    throw new DomainError('product_deadline', { closesAt: share.closes_at.toISOString() });
  const quantity = parseQuantity(body.quantity, share);
  const currency = currencyOf(share);
  const amountMinor = notionalMinor(share.market, share.price, quantity);
  try {
    const sub = await inTransaction(ctx.db, async (trx) => {
      await takeFundLock(trx, user.id);
      const existing = await trx
        .selectFrom('ipo_subscriptions')
        .select('id')
        .where('share_id', '=', share.id)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (existing) throw new DomainError('ipo_once', { field: 'id' });
      const id = await nextSubscriptionId(trx);
      await trx
        .insertInto('ipo_subscriptions')
        .values({
          id,
          share_id: share.id,
          user_id: user.id,
          order_no: `N${orderNoFor(now, id)}`,
          currency,
          quantity,
          amount_minor: amountMinor,
          hold_id: null,
          position_id: null,
          created_at: now,
          drawn_at: null,
          paid_at: null,
          resolved_at: null,
        })
        .execute();
      const hold = await placeHold(
        trx,
        {
          userId: user.id,
          currency,
          purpose: 'ipo',
          amountMinor,
          kind: 'ipo_freeze',
          refType: 'ipo_subscription',
          refId: id,
          memo: `${share.code} × ${quantity} @ ${new Decimal(share.price).toFixed()}`,
        },
        now,
      );
      // Last, so concurrent applications to the share wait on its row for the commit only.
      await countTickets(trx, share, quantity);
      return trx
        .updateTable('ipo_subscriptions')
        .set({ hold_id: hold.holdId })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return subscriptionView(sub, share, language);
  } catch (error) {
    if (isUniqueViolation(error, 'ipo_subscriptions_once'))
      throw new DomainError('ipo_once', { field: 'id' });
    throw error;
  }
}

/**
 * Counts an application's units (its tickets in the draw) into its share, refusing
 * `subscription_full` when they would take the share past MAX_LOTTERY_TICKETS: the draw numbers
 * tickets below 2^32, so no draw is ever given more (docs/decisions.md).
 */
async function countTickets(trx: Tx, share: NewShare, quantity: number): Promise<void> {
  const lots = quantity / lotOf(share);
  const counted = await trx
    .updateTable('new_shares')
    .set({ applied_lots: sql`applied_lots + ${lots}::int8` })
    .where('id', '=', share.id)
    .where(sql<boolean>`applied_lots + ${lots}::int8 <= ${MAX_LOTTERY_TICKETS}::int8`)
    .executeTakeFirst();
  if (Number(counted.numUpdatedRows) === 0) throw new DomainError('subscription_full', { field: 'quantity' });
}

async function nextSubscriptionId(trx: Tx): Promise<number> {
  const { rows } = await sql<{
    id: number;
  }>`SELECT nextval(pg_get_serial_sequence('ipo_subscriptions', 'id'))::int8 AS id`.execute(trx);
  return Number(rows[0]!.id);
}

async function lockOwnSubscription(trx: Tx, id: number, userId: number) {
  const sub = await trx
    .selectFrom('ipo_subscriptions')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!sub || sub.user_id !== userId) throw new DomainError('not_found', { field: 'id' });
  const share = (await loadShare(trx, sub.share_id))!;
  return { sub, share };
}

/** A won subscription can be paid or declined until the payment deadline. */
function assertPayable(sub: Subscription, share: NewShare, now: Date): void {
  if (sub.state !== 'won') throw new DomainError('bad_request', { field: 'id', state: sub.state });
  if (now.getTime() >= share.pay_until.getTime())
    throw new DomainError('product_deadline', { payUntil: share.pay_until.toISOString() });
}

/**
 * `/trade/newstockPay`: the winner commits the frozen amount to the purchase with the fund
 * password. The amount stays frozen (as the purchase) until listing day, when it becomes the
 * holding position's cost (docs/decisions.md).
 */
export async function payForWin(
  ctx: IpoContext,
  user: User,
  input: { id: number; fund_password?: string | undefined },
  language: Language,
): Promise<SubscriptionView> {
  const now = ctx.clock.now();
  const pre = await ctx.db
    .selectFrom('ipo_subscriptions')
    .selectAll()
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (!pre || pre.user_id !== user.id) throw new DomainError('not_found', { field: 'id' });
  assertPayable(pre, (await loadShare(ctx.db, pre.share_id))!, now);
  await verifyFundPassword(ctx, user.id, input.fund_password);
  const { sub, share } = await inTransaction(ctx.db, async (trx) => {
    await takeFundLock(trx, user.id);
    const { sub, share } = await lockOwnSubscription(trx, input.id, user.id);
    assertPayable(sub, share, now);
    const paid = await trx
      .updateTable('ipo_subscriptions')
      .set({ state: 'paid', paid_minor: sub.won_minor, paid_at: now })
      .where('id', '=', sub.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await messages.send(trx, paidMessage(paid, share), now);
    return { sub: paid, share };
  });
  return subscriptionView(sub, share, language);
}

/** `/trade/newstockAbstain`: the winner declines; the frozen amount is released at once. */
export async function abstain(
  ctx: IpoContext,
  user: User,
  id: number,
  language: Language,
): Promise<SubscriptionView> {
  const now = ctx.clock.now();
  const { sub, share } = await inTransaction(ctx.db, async (trx) => {
    await takeFundLock(trx, user.id);
    const { sub, share } = await lockOwnSubscription(trx, id, user.id);
    assertPayable(sub, share, now);
    return { sub: (await release(trx, [sub], share, 'waived', now))[0]!, share };
  });
  return subscriptionView(sub, share, language);
}

/**
 * Releases what is frozen for subscriptions and moves them to a final state, with their
 * messages: each release its own ledger transaction, one statement per step for the lot.
 */
export async function release(
  trx: Tx,
  subs: readonly Subscription[],
  share: NewShare,
  state: 'not_won' | 'waived' | 'failed',
  now: Date,
  extra: { drawnAt?: Date } = {},
): Promise<Subscription[]> {
  if (subs.length === 0) return [];
  await releaseHolds(
    trx,
    subs
      .filter((sub) => sub.hold_id !== null)
      .map((sub) => ({ holdId: sub.hold_id!, kind: 'ipo_release' as const, memo: `${share.code} ${state}` })),
    now,
  );
  const rows = await trx
    .updateTable('ipo_subscriptions')
    .set({ state, resolved_at: now, ...(extra.drawnAt ? { drawn_at: extra.drawnAt } : {}) })
    .where(sql<boolean>`id = ANY(${subs.map((sub) => sub.id)}::int8[])`)
    .returningAll()
    .execute();
  await messages.sendMany(
    trx,
    subs.map((sub) => releaseMessage(sub, share, state)),
    now,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return subs.map((sub) => byId.get(sub.id)!);
}

export async function lotteryProof(ctx: IpoContext, userId: number, shareId: number) {
  const share = await loadShare(ctx.db, shareId);
  if (!share) throw new DomainError('product_missing', { field: 'id' });
  const [draw, mine] = await Promise.all([
    ctx.db.selectFrom('ipo_draws').selectAll().where('share_id', '=', shareId).executeTakeFirst(),
    ctx.db
      .selectFrom('ipo_subscriptions')
      .select('id')
      .where('share_id', '=', shareId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  return {
    shareId: share.id,
    code: share.code,
    drawn: draw !== undefined,
    seed: draw?.seed ?? null,
    seedRule: SEED_RULE,
    inputsDigest: draw?.inputs_digest ?? null,
    algorithm: draw?.algorithm ?? null,
    offeredShares: draw?.offered_quantity ?? share.offered_quantity,
    lotSize: draw?.lot_size ?? lotOf(share),
    applications: (draw?.applications ?? []).map(([id, quantity]) => ({ id, quantity })),
    winners: (draw?.winners ?? []).map(([id, allottedShares]) => ({ id, allottedShares })),
    myApplicationId: mine?.id ?? null,
    drawnAt: draw?.drawn_at.toISOString() ?? null,
  };
}

export async function userSubscriptions(
  ctx: IpoContext,
  userId: number,
  input: { type: Market; page: number; size: number },
  language: Language,
) {
  const base = ctx.db
    .selectFrom('ipo_subscriptions as s')
    .innerJoin('new_shares as n', 'n.id', 's.share_id')
    .where('s.user_id', '=', userId)
    .where('n.market', '=', input.type);
  const [rows, all] = await Promise.all([
    base
      .selectAll('s')
      .orderBy('s.id', 'desc')
      .limit(input.size)
      .offset((input.page - 1) * input.size)
      .execute(),
    base.selectAll('s').execute(),
  ]);
  const shareIds = [...new Set(rows.map((r) => r.share_id))];
  const shares =
    shareIds.length === 0
      ? []
      : await ctx.db.selectFrom('new_shares').selectAll().where('id', 'in', shareIds).execute();
  const currency = MARKET_CURRENCY[input.type];
  const frozen = all.reduce((sum, s) => sum + frozenMinor(s), 0);
  return {
    list: rows.map((r) => subscriptionView(r, shares.find((s) => s.id === r.share_id)!, language)),
    page: input.page,
    size: input.size,
    total: all.length,
    frozen: money(frozen, currency),
  };
}
