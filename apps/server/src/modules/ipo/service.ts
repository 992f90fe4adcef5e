import {
  type Currency,
  Decimal,
  type Language,
  nameIn as localName,
  MARKET_CURRENCY,
  MARKET_TIMEZONE,
  MAX_LOTTERY_TICKETS,
  type Market,
  type MessageParam,
  minorToDecimal,
  type NewShareListState,
  type NewShareState,
  type NewShareView,
  type ParsedRequestOf,
  type SubscriptionView,
  type subscribeCall,
} from '@kabuto/contract';
import { drawLottery, LOTTERY_ALGORITHM, lotterySeed, notionalMinor, roundToTick } from '@kabuto/domain';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/database';
import type { Executor, Tx } from '../../db/schema';
import { DomainError } from '../../errors';
import { type User, verifyFundPassword } from '../../http/auth';
import { takeFundLock } from '../../ledger/funds';
import { orderNoFor, placeHold, placeHolds, releaseHolds, settleHolds } from '../../ledger/ledger';
import { randomFor } from '../../market/random';
import type { MarketService } from '../../market/types';
import { listingSpec } from '../../market/universe';
import { isUniqueViolation } from '../identity/common';
import type { MarketData } from '../market/routes';
import { messages, moneyParam, type OutgoingMessage } from '../messages/service';
import type { TradingPort } from '../trading/routes';
import type { Draw, NewShare, Subscription } from './tables';
import './tables';

/**
 * The unit of a new share's applications and draw is its minimum quantity (as an IPO's trading
 * unit, e.g. 100 shares in Japan): a quantity is a whole number of units and each unit applied for
 * is one ticket, which keeps a large offering's draw within bounds (docs/decisions.md).
 */
export const lotOf = (share: Pick<NewShare, 'min_quantity'>) => share.min_quantity;
/**
 * Applications settled per statement when the jobs draw, fail the unpaid or list a share: each
 * application's money still moves in its own ledger transaction, written a batch at a time.
 */
export const SETTLE_BATCH = 1_000;
export interface AdvanceOptions {
  batch: number;
}
/** How often the jobs runner looks for a share whose moment has come (each applied within 10 s). */
export const IPO_ADVANCE_MS = 5_000;
/** The text the seed of a draw is the SHA-256 of (SPEC §0.7). */
export const SEED_RULE =
  'sha256("kabuto-ipo-seed/1:" + share id + ":" + application ids sorted ascending, comma-separated)';
/** The first price on listing day is the offer price times a seeded factor in this range. */
export const FIRST_PRICE_RANGE = { low: 0.9, high: 1.4 } as const;

export interface IpoContext extends AppContext {
  market: MarketService;
  marketData: MarketData;
  trading: TradingPort;
}

const currencyOf = (share: NewShare): Currency => share.currency as Currency;
const money = (minor: number, currency: Currency) => minorToDecimal(minor, currency);
const nameIn = (share: NewShare, language: Language) => share.name[language] ?? share.name.us ?? share.code;

/** Whether funds are frozen for a subscription (seed shape `status` 1). */
export function frozenMinor(sub: Subscription): number {
  if (sub.state === 'applied') return sub.amount_minor;
  if (sub.state === 'won' || sub.state === 'paid') return sub.won_minor;
  return 0;
}

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
async function release(
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

// ---------------------------------------------------------------------------------------------
// The moments of a share, moved by the jobs runner.

/** The first traded price on listing day: the offer times a factor drawn from the market seed. */
export function firstPrice(seed: string, share: Pick<NewShare, 'code' | 'market' | 'price'>): string {
  const r = randomFor(seed, 'ipo-first-price', share.code).next();
  const factor = FIRST_PRICE_RANGE.low + r * (FIRST_PRICE_RANGE.high - FIRST_PRICE_RANGE.low);
  return roundToTick(share.market, new Decimal(share.price).times(factor));
}

/** Puts a listed share into the simulated market (at listing and again at every start). */
export function listInMarket(ctx: IpoContext, share: NewShare): void {
  if (share.first_price === null || ctx.market.instrument(share.code)) return;
  ctx.marketData.list(
    listingSpec({
      code: share.code,
      market: share.market,
      name: {
        cn: share.name.cn ?? share.code,
        us: share.name.us ?? share.code,
        jp: share.name.jp ?? share.code,
      },
      sector: share.sector,
      referencePrice: roundToTick(share.market, share.first_price),
      sharesOutstanding: share.shares_outstanding,
    }),
  );
}

export async function relistAll(ctx: IpoContext): Promise<number> {
  const listed = await ctx.db.selectFrom('new_shares').selectAll().where('state', '=', 'listed').execute();
  for (const share of listed) listInMarket(ctx, share);
  return listed.length;
}

/**
 * One pass of the moments (SPEC §5, §6.5): upcoming → subscribing at the opening, → closed at the
 * deadline, the draw at the lottery time, unpaid wins failed at the payment deadline, listed with
 * positions for the paid at the listing time. Every step checks its own state, so a pass that
 * died half-way is simply run again.
 */
export async function advance(
  ctx: IpoContext,
  now: Date,
  options: AdvanceOptions = { batch: SETTLE_BATCH },
): Promise<string> {
  const live = await ctx.db
    .selectFrom('new_shares')
    .selectAll()
    .where('state', '<>', 'listed')
    .where('opens_at', '<=', now)
    .orderBy('id')
    .execute();
  const done: string[] = [];
  for (const share of live) {
    const t = now.getTime();
    if (share.state === 'upcoming' && t < share.closes_at.getTime()) {
      await setState(ctx.db, share.id, 'upcoming', 'subscribing');
      done.push(`${share.code} subscribing`);
    }
    if ((share.state === 'upcoming' || share.state === 'subscribing') && t >= share.closes_at.getTime()) {
      await setState(ctx.db, share.id, share.state, 'closed');
      done.push(`${share.code} closed`);
    }
    if (t >= share.lottery_at.getTime()) {
      const drawn = await runDraw(ctx, share.id, now, options);
      if (drawn !== null) done.push(`${share.code} drawn (${drawn} winners)`);
    }
    if (t >= share.pay_until.getTime()) {
      const failed = await failUnpaid(ctx, share.id, now, options);
      if (failed > 0) done.push(`${share.code} ${failed} unpaid failed`);
    }
    if (t >= share.lists_at.getTime()) {
      const allotted = await listShare(ctx, share.id, now, options);
      done.push(`${share.code} listed (${allotted} positions)`);
    }
  }
  return done.length > 0 ? done.join('; ') : 'nothing due';
}

/**
 * The lottery's date of record: the share's announced lottery moment. The draw's inputs are fixed
 * when subscriptions close and its seed depends on them alone, so a draw that the jobs runner
 * reaches late (a restart, a first start after the date) has the same result and is the lottery
 * of that date; only a draw run before it (never, by `advance`) would carry its own time.
 */
function lotteryMoment(share: Pick<NewShare, 'lottery_at'>, now: Date): Date {
  return share.lottery_at.getTime() <= now.getTime() ? share.lottery_at : now;
}

async function setState(db: Executor, id: number, from: NewShareState, to: NewShareState) {
  await db
    .updateTable('new_shares')
    .set({ state: to })
    .where('id', '=', id)
    .where('state', '=', from)
    .execute();
}

async function lockShare(trx: Tx, id: number): Promise<NewShare> {
  return trx.selectFrom('new_shares').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
}

/**
 * The draw (SPEC §0.7, §6.5): the seed is the hash of the share's id and its sorted application
 * ids, fixed before the draw; the winners come from `drawLottery`; seed, inputs digest,
 * algorithm, applications and winners are recorded. Losers are released at once; a partial win
 * keeps frozen only what was won. Returns the number of winners, or null when already drawn.
 */
export async function runDraw(
  ctx: AppContext,
  shareId: number,
  now: Date,
  options: AdvanceOptions = { batch: SETTLE_BATCH },
): Promise<number | null> {
  return inTransaction(ctx.db, async (trx) => {
    const share = await lockShare(trx, shareId);
    const existing = await trx
      .selectFrom('ipo_draws')
      .select('share_id')
      .where('share_id', '=', shareId)
      .executeTakeFirst();
    if (existing) return null;
    const subs = await trx
      .selectFrom('ipo_subscriptions')
      .selectAll()
      .where('share_id', '=', shareId)
      .where('state', '=', 'applied')
      .orderBy('id')
      .execute();
    const applications = subs.map((s) => ({ id: s.id, quantity: s.quantity }));
    const seed = lotterySeed(
      share.id,
      applications.map((a) => a.id),
    );
    const input = { seed, offeredShares: share.offered_quantity, lotSize: lotOf(share), applications };
    const drawnAt = lotteryMoment(share, now);
    const result = drawLottery(input);
    await trx
      .insertInto('ipo_draws')
      .values({
        share_id: share.id,
        seed,
        inputs_digest: result.inputsDigest,
        algorithm: LOTTERY_ALGORITHM,
        offered_quantity: share.offered_quantity,
        lot_size: lotOf(share),
        applications: JSON.stringify(applications.map((a) => [a.id, a.quantity])),
        winners: JSON.stringify(result.winners.map((w) => [w.id, w.allottedShares])),
        drawn_at: drawnAt,
      })
      .execute();
    const won = new Map(result.winners.map((w) => [w.id, w.allottedShares]));
    for (const batch of batches(subs, options.batch)) {
      await release(
        trx,
        batch.filter((sub) => !won.has(sub.id)),
        share,
        'not_won',
        now,
        { drawnAt },
      );
      await recordWins(trx, share, batch, won, now);
    }
    if (share.state !== 'listed' && share.state !== 'closed')
      await trx.updateTable('new_shares').set({ state: 'closed' }).where('id', '=', share.id).execute();
    return result.winners.length;
  });
}

/** Splits the subscriptions to settle into the batches written one statement per step. */
function batches<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < rows.length; at += size) out.push(rows.slice(at, at + size));
  return out;
}

/**
 * The winners of a batch: a full win keeps its hold; a partial win has the whole application
 * released and what was won frozen again (two ledger transactions). Each gets its message.
 */
async function recordWins(
  trx: Tx,
  share: NewShare,
  subs: readonly Subscription[],
  won: ReadonlyMap<number, number>,
  now: Date,
): Promise<void> {
  const wins = subs
    .filter((sub) => won.has(sub.id))
    .map((sub) => {
      const wonQuantity = won.get(sub.id)!;
      return { sub, wonQuantity, wonMinor: notionalMinor(share.market, share.price, wonQuantity) };
    });
  if (wins.length === 0) return;
  const partial = wins.filter((w) => w.wonMinor < w.sub.amount_minor && w.sub.hold_id !== null);
  await releaseHolds(
    trx,
    partial.map((w) => ({
      holdId: w.sub.hold_id!,
      kind: 'ipo_release' as const,
      memo: `${share.code} not won in part`,
    })),
    now,
  );
  const placed = await placeHolds(
    trx,
    partial.map((w) => ({
      userId: w.sub.user_id,
      currency: currencyOf(share),
      purpose: 'ipo' as const,
      amountMinor: w.wonMinor,
      kind: 'ipo_freeze' as const,
      refType: 'ipo_subscription',
      refId: w.sub.id,
      memo: `${share.code} won ${w.wonQuantity}`,
    })),
    now,
  );
  const newHold = new Map(partial.map((w, i) => [w.sub.id, placed[i]!.holdId]));
  const rows = await sql<Subscription>`
    UPDATE ipo_subscriptions s
    SET state = 'won', won_quantity = x.q, won_minor = x.m, hold_id = x.h, drawn_at = ${lotteryMoment(share, now)}
    FROM unnest(${wins.map((w) => w.sub.id)}::int8[], ${wins.map((w) => w.wonQuantity)}::int8[],
                ${wins.map((w) => w.wonMinor)}::int8[], ${wins.map((w) => newHold.get(w.sub.id) ?? w.sub.hold_id)}::int8[])
      AS x(id, q, m, h)
    WHERE s.id = x.id AND s.id = ANY(${wins.map((w) => w.sub.id)}::int8[])
    RETURNING s.*`.execute(trx);
  const byId = new Map(rows.rows.map((row) => [Number(row.id), subscriptionRow(row)]));
  await messages.sendMany(
    trx,
    wins.map((w) => wonMessage(byId.get(w.sub.id)!, share)),
    now,
  );
}

/** A subscription row read through raw SQL (bigints as the driver gives them) in the table's types. */
function subscriptionRow(row: Subscription): Subscription {
  return {
    ...row,
    id: Number(row.id),
    share_id: Number(row.share_id),
    user_id: Number(row.user_id),
    quantity: Number(row.quantity),
    amount_minor: Number(row.amount_minor),
    won_quantity: Number(row.won_quantity),
    won_minor: Number(row.won_minor),
    paid_minor: Number(row.paid_minor),
    hold_id: row.hold_id === null ? null : Number(row.hold_id),
    position_id: row.position_id === null ? null : Number(row.position_id),
  };
}

/** SPEC §5: won and unpaid at the payment deadline → failed, released. */
async function failUnpaid(
  ctx: AppContext,
  shareId: number,
  now: Date,
  options: AdvanceOptions,
): Promise<number> {
  return inTransaction(ctx.db, async (trx) => {
    const share = await lockShare(trx, shareId);
    const unpaid = await trx
      .selectFrom('ipo_subscriptions')
      .selectAll()
      .where('share_id', '=', shareId)
      .where('state', '=', 'won')
      .orderBy('id')
      .forUpdate()
      .execute();
    for (const batch of batches(unpaid, options.batch)) await release(trx, batch, share, 'failed', now);
    return unpaid.length;
  });
}

/**
 * Listing day: the share is listed, starts trading in the simulated market from its first price,
 * and every paid subscription becomes a holding position (long, 1×) at the subscription price —
 * the frozen purchase money becomes the position's margin.
 */
async function listShare(
  ctx: IpoContext,
  shareId: number,
  now: Date,
  options: AdvanceOptions,
): Promise<number> {
  const { share, positions } = await inTransaction(ctx.db, async (trx) => {
    const share = await lockShare(trx, shareId);
    const price = share.first_price ?? firstPrice(ctx.config.marketSeed, share);
    const paid = await trx
      .selectFrom('ipo_subscriptions')
      .selectAll()
      .where('share_id', '=', shareId)
      .where('state', '=', 'paid')
      .orderBy('id')
      .forUpdate()
      .execute();
    const positions: number[] = [];
    for (const batch of batches(paid, options.batch))
      positions.push(...(await allot(ctx, trx, share, batch, now)));
    const listed = await trx
      .updateTable('new_shares')
      .set({ state: 'listed', first_price: price })
      .where('id', '=', shareId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { share: listed, positions };
  });
  listInMarket(ctx, share);
  if (positions.length > 0) await ctx.trading.engine.reload(positions);
  return positions.length;
}

/** A batch of paid wins converted: each frozen purchase settled into `frozen:order` as a position's margin. */
async function allot(
  ctx: IpoContext,
  trx: Tx,
  share: NewShare,
  paid: readonly Subscription[],
  now: Date,
): Promise<number[]> {
  const currency = currencyOf(share);
  const price = new Decimal(share.price).toFixed();
  const posted = await settleHolds(
    trx,
    paid.map((sub) => ({
      holdId: sub.hold_id!,
      kind: 'ipo_allot' as const,
      memo: `${share.code} × ${sub.won_quantity} @ ${price}`,
      to: [{ userId: sub.user_id, account: 'frozen:order' as const, currency, amountMinor: sub.won_minor }],
    })),
    now,
  );
  const tradingDay = ctx.market.tradingDay(share.market, now);
  const inserted = await trx
    .insertInto('positions')
    .values(
      paid.map((sub, i) => ({
        order_no: posted[i]!.orderNo,
        user_id: sub.user_id,
        code: share.code,
        market: share.market,
        currency,
        direction: 'long' as const,
        order_type: 'market' as const,
        mode: 'normal' as const,
        leverage: 1,
        quantity: sub.won_quantity,
        limit_price: null,
        open_price: price,
        opened_at: now,
        opened_trading_day: tradingDay,
        expires_at: null,
        margin_minor: sub.won_minor,
        fee_minor: 0,
        close_price: null,
        closed_at: null,
        close_fee_minor: null,
        realised_pnl_minor: null,
        house_absorbed_minor: null,
        state: 'holding' as const,
        close_reason: null,
        source: 'ipo',
        source_id: sub.id,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning(['id', 'source_id'])
    .execute();
  const positionOf = new Map(inserted.map((p) => [Number(p.source_id), p.id]));
  const rows = await sql<Subscription>`
    UPDATE ipo_subscriptions s SET state = 'allotted', position_id = x.p, resolved_at = ${now}
    FROM unnest(${paid.map((sub) => sub.id)}::int8[], ${paid.map((sub) => positionOf.get(sub.id)!)}::int8[]) AS x(id, p)
    WHERE s.id = x.id AND s.id = ANY(${paid.map((sub) => sub.id)}::int8[])
    RETURNING s.*`.execute(trx);
  await messages.sendMany(
    trx,
    rows.rows.map((row) => listedMessage(subscriptionRow(row), share)),
    now,
  );
  return paid.map((sub) => positionOf.get(sub.id)!);
}

// ---------------------------------------------------------------------------------------------
// Messages (SPEC §6.6: lottery results), from the catalogue (packages/contract messages.ts).

type IpoMessageKey = 'ipo_won' | 'ipo_paid' | 'ipo_not_won' | 'ipo_waived' | 'ipo_failed' | 'ipo_listed';

function ipoMessage(
  key: IpoMessageKey,
  sub: Subscription,
  share: NewShare,
  figures: { amountMinor?: number; quantity?: number },
): OutgoingMessage {
  const params: Record<string, MessageParam> = { code: { text: share.code } };
  if (figures.amountMinor !== undefined) params.amount = moneyParam(figures.amountMinor, currencyOf(share));
  if (figures.quantity !== undefined) params.quantity = { count: figures.quantity };
  if (key === 'ipo_won') params.due = { date: share.pay_until.toISOString(), market: share.market };
  if (key === 'ipo_listed') params.price = { price: new Decimal(share.price).toFixed() };
  return { userId: sub.user_id, kind: 'lottery', template: { key, params } };
}

const wonMessage = (sub: Subscription, share: NewShare) =>
  ipoMessage('ipo_won', sub, share, { amountMinor: sub.won_minor, quantity: sub.won_quantity });
const paidMessage = (sub: Subscription, share: NewShare) =>
  ipoMessage('ipo_paid', sub, share, { amountMinor: sub.paid_minor, quantity: sub.won_quantity });
const listedMessage = (sub: Subscription, share: NewShare) =>
  ipoMessage('ipo_listed', sub, share, { quantity: sub.won_quantity });
function releaseMessage(sub: Subscription, share: NewShare, state: 'not_won' | 'waived' | 'failed') {
  return ipoMessage(`ipo_${state}`, sub, share, { amountMinor: frozenMinor(sub) });
}
