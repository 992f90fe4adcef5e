import {
  type BlockApplicationView,
  type BlockProductView,
  type Currency,
  type Language,
  MARKET_CURRENCY,
  type Market,
  minorToDecimal,
  PRICE_DECIMALS,
} from '@kabuto/contract';
import { blockApplicationRefusal, blockProductState, notionalMinor } from '@kabuto/domain';
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { afterCommit } from '../../db/ambient';
import { inTransaction } from '../../db/database';
import type { Executor, Tx } from '../../db/schema';
import { DomainError } from '../../errors';
import { type User, verifyFundPassword } from '../../http/auth';
import { takeFundLock } from '../../ledger/funds';
import { placeHold, releaseHold, settleHold } from '../../ledger/holds';
import { orderNoFor } from '../../ledger/ledger';
import type { MarketService } from '../../market/types';
import { moneyParam, reviewOutcome } from '../messages/port';
import { decided, type ReviewKindHooks, type ReviewQueue } from '../reviews/port';
import { allottedPosition, type TradingPort } from '../trading/port';
import type { BlockApplication, BlockProduct } from './tables';
import './tables';

/** An application is promised a decision within this many hours. */
export const BLOCK_REVIEW_HOURS = 24;
/** How often the jobs runner moves products' states from their windows. */
export const BLOCK_STATES_MS = 60_000;

export interface BlockContext extends AppContext {
  market: MarketService;
  reviewQueue: ReviewQueue;
  trading: TradingPort;
}

const money = (minor: number, currency: string) => minorToDecimal(minor, currency as Currency);
const STATUS = { pending: 0, approved: 1, rejected: 2 } as const;

function stateAt(p: Pick<BlockProduct, 'starts_at' | 'ends_at'>, now: Date) {
  return blockProductState(p.starts_at.getTime(), p.ends_at.getTime(), now.getTime());
}

function nameOf(ctx: BlockContext, code: string, language: Language): string {
  return ctx.market.instrument(code)?.name[language] ?? code;
}

export function productView(
  ctx: BlockContext,
  p: BlockProduct,
  language: Language,
  now = ctx.clock.now(),
): BlockProductView {
  const quote = ctx.market.quote(p.code);
  const decimals = PRICE_DECIMALS[p.market];
  return {
    id: p.id,
    code: p.code,
    name: nameOf(ctx, p.code, language),
    market: p.market,
    currency: p.currency as Currency,
    price: new Decimal(p.price).toFixed(decimals),
    marketPrice: quote ? new Decimal(quote.price).toFixed(decimals) : null,
    minLots: p.min_lots,
    totalLots: p.total_lots,
    remainingLots: p.remaining_lots,
    startsAt: p.starts_at.toISOString(),
    endsAt: p.ends_at.toISOString(),
    // The window is the truth; the stored state follows it within a job's period.
    state: stateAt(p, now),
  };
}

export function applicationView(
  ctx: BlockContext,
  a: BlockApplication,
  product: Pick<BlockProduct, 'code' | 'market'>,
  language: Language,
): BlockApplicationView {
  const amount = money(a.amount_minor, a.currency);
  return {
    id: a.id,
    orderNo: a.order_no,
    productId: a.product_id,
    code: product.code,
    name: nameOf(ctx, product.code, language),
    market: product.market,
    currency: a.currency as Currency,
    lots: a.lots,
    price: new Decimal(a.price).toFixed(PRICE_DECIMALS[product.market]),
    amount,
    credit: amount,
    status: STATUS[a.state],
    state: a.state,
    reason: a.reason,
    createdAt: a.created_at.toISOString(),
    reviewedAt: a.reviewed_at?.toISOString() ?? null,
    dueAt: a.due_at.toISOString(),
    positionId: a.position_id,
  };
}

async function findProduct(db: Executor, id: number): Promise<BlockProduct | undefined> {
  return db.selectFrom('block_products').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Products of a market: open first, then upcoming, then closed; newest first within each. */
export async function listProducts(
  ctx: BlockContext,
  market: Market,
  language: Language,
  state?: BlockProductView['state'],
): Promise<BlockProductView[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .selectFrom('block_products')
    .selectAll()
    .where('market', '=', market)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  const rank = { open: 0, upcoming: 1, closed: 2 };
  return rows
    .map((p) => productView(ctx, p, language, now))
    .filter((p) => !state || p.state === state)
    .sort((a, b) => rank[a.state] - rank[b.state]);
}

export async function productInfo(ctx: BlockContext, userId: number, id: number, language: Language) {
  const product = await findProduct(ctx.db, id);
  if (!product) throw new DomainError('product_missing', { field: 'id' });
  const mine = await ctx.db
    .selectFrom('block_applications')
    .selectAll()
    .where('product_id', '=', id)
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  return {
    product: productView(ctx, product, language),
    applications: mine.map((a) => applicationView(ctx, a, product, language)),
  };
}

type ApplicationRow = BlockApplication & { code: string; market: Market };

function applicationsOf(db: Executor, userId: number) {
  return db
    .selectFrom('block_applications as a')
    .innerJoin('block_products as p', 'p.id', 'a.product_id')
    .selectAll('a')
    .select(['p.code', 'p.market'])
    .where('a.user_id', '=', userId);
}

export async function listApplications(
  ctx: BlockContext,
  userId: number,
  market: Market,
  page: number,
  size: number,
  language: Language,
): Promise<BlockApplicationView[]> {
  const rows: ApplicationRow[] = await applicationsOf(ctx.db, userId)
    .where('p.market', '=', market)
    .orderBy('a.id', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  return rows.map((a) => applicationView(ctx, a, a, language));
}

export async function applicationInfo(ctx: BlockContext, userId: number, id: number, language: Language) {
  const row: ApplicationRow | undefined = await applicationsOf(ctx.db, userId)
    .where('a.id', '=', id)
    .executeTakeFirst();
  if (!row) throw new DomainError('not_found', { field: 'id' });
  return applicationView(ctx, row, row, language);
}

const LOTS = /^\d{1,12}$/;

/**
 * SPEC §6.5 apply: lots ≥ the minimum (`amount_below_min`), inside the window (`block_closed`),
 * within the remaining quota (`quota_insufficient`), the user's fund password; block price × lots
 * is frozen through a ledger hold. The lots are taken from the quota by one conditional update, so
 * concurrent applications can never take more than there is.
 */
export async function applyForBlock(
  ctx: BlockContext,
  user: User,
  body: { id: number; lots: string; fund_password?: string | undefined },
  language: Language,
): Promise<BlockApplicationView> {
  const lots = LOTS.test(body.lots) ? Number(body.lots) : 0;
  const product = await findProduct(ctx.db, body.id);
  if (!product) throw new DomainError('product_missing', { field: 'id' });
  const now = ctx.clock.now();
  const check = (remainingLots: number) =>
    blockApplicationRefusal({
      lots,
      minLots: product.min_lots,
      remainingLots,
      state: stateAt(product, now),
    });
  const early = check(product.remaining_lots);
  if (early) throw new DomainError(early, { field: 'lots', minLots: product.min_lots });
  await verifyFundPassword(ctx, user.id, body.fund_password);
  const currency = MARKET_CURRENCY[product.market];
  const amountMinor = notionalMinor(product.market, product.price, lots);
  const row = await inTransaction(ctx.db, async (trx) => {
    await takeFundLock(trx, user.id);
    const taken = await trx
      .updateTable('block_products')
      .set({ remaining_lots: sql`remaining_lots - ${lots}` })
      .where('id', '=', product.id)
      .where('remaining_lots', '>=', lots)
      .where('starts_at', '<=', now)
      .where('ends_at', '>', now)
      .returning('remaining_lots')
      .executeTakeFirst();
    if (!taken) {
      const fresh = await findProduct(trx, product.id);
      throw new DomainError(check(fresh?.remaining_lots ?? 0) ?? 'quota_insufficient', { field: 'lots' });
    }
    const id = await nextApplicationId(trx);
    const hold = await placeHold(
      trx,
      {
        userId: user.id,
        currency,
        purpose: 'block',
        amountMinor,
        kind: 'block_freeze',
        refType: 'block_application',
        refId: id,
        memo: `block ${product.code} ${lots} @ ${product.price}`,
      },
      now,
    );
    const dueAt = new Date(now.getTime() + BLOCK_REVIEW_HOURS * 3_600_000);
    const inserted = await trx
      .insertInto('block_applications')
      .values({
        id,
        order_no: `B${orderNoFor(now, id)}`,
        user_id: user.id,
        product_id: product.id,
        lots,
        price: product.price,
        currency,
        amount_minor: amountMinor,
        hold_id: hold.holdId,
        reason: null,
        reviewer_id: null,
        reviewed_at: null,
        due_at: dueAt,
        position_id: null,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await ctx.reviewQueue.submit(trx, { kind: 'block', subjectId: id, userId: user.id, dueAt }, now);
    return inserted;
  });
  return applicationView(ctx, row, product, language);
}

async function nextApplicationId(trx: Tx): Promise<number> {
  const result = await sql<{
    id: number;
  }>`SELECT nextval(pg_get_serial_sequence('block_applications', 'id'))::int8 AS id`.execute(trx);
  return Number(result.rows[0]!.id);
}

/** The `block.states` job: each product's stored state follows its window. */
export async function moveStates(ctx: AppContext): Promise<string> {
  const now = ctx.clock.now();
  const opened = await ctx.db
    .updateTable('block_products')
    .set({ state: 'open' })
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .where('state', '<>', 'open')
    .executeTakeFirst();
  const closed = await ctx.db
    .updateTable('block_products')
    .set({ state: 'closed' })
    .where('ends_at', '<=', now)
    .where('state', '<>', 'closed')
    .executeTakeFirst();
  const upcoming = await ctx.db
    .updateTable('block_products')
    .set({ state: 'upcoming' })
    .where('starts_at', '>', now)
    .where('state', '<>', 'upcoming')
    .executeTakeFirst();
  return `${Number(opened.numUpdatedRows)} opened, ${Number(closed.numUpdatedRows)} closed, ${Number(upcoming.numUpdatedRows)} upcoming`;
}

type ReviewSubject = BlockApplication & { code: string; market: Market };

/**
 * SPEC §6.5 review queue 'block': approval turns the frozen amount into the margin of a holding
 * position at the block price (1×, long), closed and marked to market like any other; rejection
 * releases the hold and returns the lots to the product's quota.
 */
export function blockReview(ctx: BlockContext): ReviewKindHooks<ReviewSubject> {
  return {
    kind: 'block',
    async load(db, ids, forUpdate) {
      let query = db
        .selectFrom('block_applications as a')
        .innerJoin('block_products as p', 'p.id', 'a.product_id')
        .selectAll('a')
        .select(['p.code', 'p.market'])
        .where('a.id', 'in', ids);
      if (forUpdate) query = query.forUpdate('a');
      return query.execute();
    },
    details: (a) => ({
      orderNo: a.order_no,
      productId: a.product_id,
      code: a.code,
      name: nameOf(ctx, a.code, 'us'),
      market: a.market,
      currency: a.currency,
      lots: a.lots,
      price: new Decimal(a.price).toFixed(PRICE_DECIMALS[a.market]),
      amount: money(a.amount_minor, a.currency),
    }),
    async approve(trx, a, decision) {
      const { now } = decision;
      const currency = a.currency as Currency;
      const posted = await settleHold(
        trx,
        a.hold_id,
        {
          kind: 'block_allot',
          memo: `block ${a.order_no} ${a.code} ${a.lots} @ ${a.price}`,
          to: [{ userId: a.user_id, account: 'frozen:order', currency, amountMinor: a.amount_minor }],
        },
        now,
      );
      const position = await trx
        .insertInto('positions')
        .values(
          allottedPosition(
            {
              orderNo: posted.orderNo,
              userId: a.user_id,
              code: a.code,
              market: a.market,
              currency,
              quantity: a.lots,
              price: a.price,
              costMinor: a.amount_minor,
              tradingDay: ctx.market.tradingDay(a.market, now),
              source: 'block',
              sourceId: a.id,
            },
            now,
          ),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('block_applications')
        .set({ ...decided(decision), position_id: position.id })
        .where('id', '=', a.id)
        .execute();
      // The matching engine watches the position for stop-out once it is committed.
      afterCommit(() => ctx.trading.engine.track(position));
    },
    async reject(trx, a, decision) {
      const { now } = decision;
      await releaseHold(trx, a.hold_id, { kind: 'block_release', memo: `block ${a.order_no}` }, now);
      await trx.updateTable('block_applications').set(decided(decision)).where('id', '=', a.id).execute();
      await trx
        .updateTable('block_products')
        .set({ remaining_lots: sql`remaining_lots + ${a.lots}` })
        .where('id', '=', a.product_id)
        .execute();
    },
    message: (a, decision) =>
      reviewOutcome('block', decision, {
        order: a.order_no,
        approved: {
          code: { text: a.code },
          quantity: { count: a.lots },
          price: { price: new Decimal(a.price).toFixed(PRICE_DECIMALS[a.market]) },
          amount: moneyParam(a.amount_minor, a.currency as Currency),
        },
      }),
  };
}

/** The demo's products on first start: one per market, open for thirty days, 5 % under the market. */
export async function seedProducts(ctx: BlockContext): Promise<void> {
  const existing = await ctx.db
    .selectFrom('block_products')
    .select(sql<string>`count(*)::text`.as('n'))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return;
  const now = ctx.clock.now();
  const ends = new Date(now.getTime() + 30 * 86_400_000);
  const rows = [];
  for (const market of ['jpy', 'usd', 'cny'] as const) {
    const stocks = ctx.market
      .instruments(market)
      .filter((i) => i.kind === 'stock' && ctx.market.quote(i.code))
      .slice(0, 2);
    for (const [n, instrument] of stocks.entries()) {
      const quote = ctx.market.quote(instrument.code)!;
      const price = new Decimal(quote.price).times(0.95).toFixed(PRICE_DECIMALS[market], Decimal.ROUND_DOWN);
      if (!(Number(price) > 0)) continue;
      rows.push({
        code: instrument.code,
        market,
        currency: MARKET_CURRENCY[market],
        price,
        min_lots: n === 0 ? 100 : 10,
        total_lots: n === 0 ? 100_000 : 20_000,
        remaining_lots: n === 0 ? 100_000 : 20_000,
        starts_at: now,
        ends_at: ends,
        state: 'open' as const,
        created_by: null,
        created_at: now,
      });
    }
  }
  if (rows.length > 0) await ctx.db.insertInto('block_products').values(rows).execute();
}
