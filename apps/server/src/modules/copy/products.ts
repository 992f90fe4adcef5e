import { type CopyProductView, type Labels, type Language, MARKET_TIMEZONE, nameIn } from '@kabuto/contract';
import {
  type EquityPoint,
  equityCurve,
  localDateIn,
  performanceOf,
  pnlMinor,
  sampleCurve,
} from '@kabuto/domain';
import { sql } from 'kysely';
import type { Executor } from '../../db/schema';
import { DomainError } from '../../errors';
import { formatPrice } from '../trading/port';
import { type CopyContext, currencyOf, DAY_MS, money } from './context';
import type { LeaderRow, ProductRow } from './tables';

/** Copy products and their leaders' figures (SPEC §6.5, §0.5), and the operator's listing (SPEC §9). */
/** How long computed figures of a leader are reused. */
const FIGURES_TTL_MS = 60_000;
/** Points of a product's sparkline. */
const SPARKLINE_POINTS = 30;
/** Leader trades shown on a product's page. */
const RECENT_TRADES = 20;

// ---------------------------------------------------------------------------------------------
// Figures (SPEC §0.5: computed from the leader's ledger and fills, historical, never guaranteed).

interface LeaderFigures {
  curve: EquityPoint[];
  performance: ReturnType<typeof performanceOf>;
  at: number;
}

const figuresCache = new WeakMap<object, Map<number, LeaderFigures>>();

/** The leader's equity at the end of each trading day of its record. */
async function leaderCurve(ctx: CopyContext, leader: LeaderRow): Promise<EquityPoint[]> {
  const currency = currencyOf(leader);
  const timeZone = MARKET_TIMEZONE[leader.market];
  const codes = Object.keys(leader.codes);
  const [movements, positions, bars] = await Promise.all([
    sql<{ at: Date; amount: string }>`
      SELECT t.created_at AS at, p.amount_minor::text AS amount
      FROM ledger_postings p
      JOIN ledger_accounts a ON a.id = p.account_id
      JOIN ledger_transactions t ON t.id = p.transaction_id
      WHERE a.user_id = ${leader.user_id} AND a.currency = ${currency} AND a.name <> 'debt'
      ORDER BY t.created_at, t.id`.execute(ctx.db),
    ctx.db
      .selectFrom('positions')
      .selectAll()
      .where('user_id', '=', leader.user_id)
      .where('open_price', 'is not', null)
      .execute(),
    ctx.db
      .selectFrom('market_bars_day')
      .select([
        'code',
        sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
        sql<string>`close::text`.as('close'),
      ])
      .where('code', 'in', codes.length > 0 ? codes : [''])
      .where(
        'day',
        '>=',
        sql<Date>`${localDateIn(timeZone, new Date(leader.created_at.getTime() - 400 * DAY_MS))}::date`,
      )
      .execute(),
  ]);
  const first = movements.rows[0];
  if (!first) return [];
  const firstDay = localDateIn(timeZone, first.at);
  const today = ctx.market.tradingDay(leader.market, ctx.clock.now());
  const closes = new Map<string, string>();
  const daySet = new Set<string>();
  for (const bar of bars) {
    closes.set(`${bar.code}|${bar.day}`, bar.close);
    if (bar.day >= firstDay && bar.day < today) daySet.add(bar.day);
  }
  daySet.add(today);
  for (const code of codes) {
    const price = ctx.market.quote(code)?.price;
    if (price) closes.set(`${code}|${today}`, price);
  }
  const days = [...daySet].sort();
  // Cash at each day's end: the running sum of the leader's postings.
  const cashByDay = new Map<string, number>();
  let running = 0;
  let next = 0;
  for (const day of days) {
    while (next < movements.rows.length && localDateIn(timeZone, movements.rows[next]!.at) <= day) {
      running += Number(movements.rows[next]!.amount);
      next++;
    }
    cashByDay.set(day, running);
  }
  const lastClose = (code: string, day: string) => {
    const exact = closes.get(`${code}|${day}`);
    if (exact) return exact;
    let best: string | null = null;
    for (const d of days) {
      if (d > day) break;
      best = closes.get(`${code}|${d}`) ?? best;
    }
    return best;
  };
  return equityCurve({
    days,
    cashAt: (day) => cashByDay.get(day) ?? 0,
    positions: positions.map((p) => ({
      row: p,
      openedDay: localDateIn(timeZone, p.opened_at!),
      closedDay: p.closed_at ? localDateIn(timeZone, p.closed_at) : null,
    })),
    // Cash includes the margin of open positions (leverage 1): add their P&L at the day's close.
    valueAt: ({ row }, day) => {
      const close = lastClose(row.code, day);
      if (!close || !row.open_price) return 0;
      return pnlMinor(row.market, row.direction, row.open_price, close, row.quantity);
    },
  });
}

export async function leaderFigures(ctx: CopyContext, leader: LeaderRow): Promise<LeaderFigures> {
  let cache = figuresCache.get(ctx.db);
  if (!cache) {
    cache = new Map();
    figuresCache.set(ctx.db, cache);
  }
  const now = ctx.clock.now().getTime();
  const hit = cache.get(leader.id);
  if (hit && now - hit.at < FIGURES_TTL_MS && now >= hit.at) return hit;
  const curve = await leaderCurve(ctx, leader);
  const figures = { curve, performance: performanceOf(curve), at: now };
  cache.set(leader.id, figures);
  return figures;
}

/** Forgets cached figures (after a leader's fill). */
export function forgetFigures(ctx: CopyContext, leaderId: number): void {
  figuresCache.get(ctx.db)?.delete(leaderId);
}

const fraction = (value: number) => value.toFixed(6);

async function productView(
  ctx: CopyContext,
  product: ProductRow,
  leader: LeaderRow,
  followers: number,
  language: Language,
): Promise<CopyProductView> {
  const { curve, performance } = await leaderFigures(ctx, leader);
  const currency = currencyOf(leader);
  return {
    id: product.id,
    name: nameIn(product.names, language, product.name),
    leader: nameIn(leader.names, language, leader.name),
    strategy: leader.strategy,
    market: leader.market,
    currency,
    minAmount: money(product.min_amount_minor, currency),
    lockDays: product.lock_days,
    cutoffAt: new Date(product.cutoff_at).toISOString(),
    open: new Date(product.cutoff_at).getTime() > ctx.clock.now().getTime(),
    followers,
    figures: {
      historical: true,
      from: curve[0]?.day ?? null,
      liveFrom: leader.live_from?.toISOString() ?? null,
      days: curve.length,
      averageDailyReturn: fraction(performance.averageDailyReturn),
      totalReturn: fraction(performance.totalReturn),
      maxDrawdown: fraction(performance.maxDrawdown),
      volatility: fraction(performance.volatility),
      sparkline: sampleCurve(curve, SPARKLINE_POINTS).map((p) => money(p.equityMinor, currency)),
    },
  };
}

async function followerCounts(db: Executor, productIds: number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('copy_holdings')
    .select(['product_id', sql<string>`count(*)::text`.as('n')])
    .where('product_id', 'in', productIds)
    .where('state', '=', 'active')
    .groupBy('product_id')
    .execute();
  return new Map(rows.map((r) => [r.product_id, Number(r.n)]));
}

export async function listProducts(ctx: CopyContext, page: number, size: number, language: Language) {
  const [rows, total] = await Promise.all([
    ctx.db
      .selectFrom('copy_products')
      .innerJoin('copy_leaders', 'copy_leaders.id', 'copy_products.leader_id')
      .selectAll('copy_products')
      .select(['copy_leaders.id as lid'])
      .orderBy('copy_products.id')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    ctx.db.selectFrom('copy_products').select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const leaders = await leadersById(
    ctx.db,
    rows.map((r) => r.leader_id),
  );
  const counts = await followerCounts(
    ctx.db,
    rows.map((r) => r.id),
  );
  const list: CopyProductView[] = [];
  for (const row of rows)
    list.push(await productView(ctx, row, leaders.get(row.leader_id)!, counts.get(row.id) ?? 0, language));
  return { list, page, size, total: Number(total.n) };
}

async function leadersById(db: Executor, ids: number[]): Promise<Map<number, LeaderRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('copy_leaders').selectAll().where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

export async function findProduct(db: Executor, id: number) {
  const product = await db.selectFrom('copy_products').selectAll().where('id', '=', id).executeTakeFirst();
  if (!product) throw new DomainError('product_missing', { field: 'id' });
  const leader = await db
    .selectFrom('copy_leaders')
    .selectAll()
    .where('id', '=', product.leader_id)
    .executeTakeFirstOrThrow();
  return { product, leader };
}

export async function productInfo(ctx: CopyContext, id: number, language: Language) {
  const { product, leader } = await findProduct(ctx.db, id);
  const counts = await followerCounts(ctx.db, [product.id]);
  const view = await productView(ctx, product, leader, counts.get(product.id) ?? 0, language);
  const { curve, performance } = await leaderFigures(ctx, leader);
  const currency = currencyOf(leader);
  const trades = await ctx.db
    .selectFrom('positions')
    .selectAll()
    .where('user_id', '=', leader.user_id)
    .where('open_price', 'is not', null)
    .orderBy(sql`COALESCE(closed_at, opened_at)`, 'desc')
    .orderBy('id', 'desc')
    .limit(RECENT_TRADES)
    .execute();
  const liveFrom = leader.live_from?.getTime() ?? Number.POSITIVE_INFINITY;
  const recentTrades = trades.flatMap((p) => {
    const name = ctx.market.instrument(p.code)?.name[language] ?? p.code;
    const open = {
      id: p.id,
      code: p.code,
      name,
      side: 'open' as const,
      quantity: p.quantity,
      price: formatPrice(p.market, p.open_price) ?? p.open_price!,
      time: p.opened_at!.toISOString(),
      simulated: p.opened_at!.getTime() < liveFrom,
    };
    if (!p.closed_at || !p.close_price) return [open];
    return [
      {
        ...open,
        side: 'close' as const,
        price: formatPrice(p.market, p.close_price) ?? p.close_price,
        time: p.closed_at.toISOString(),
        simulated: p.closed_at.getTime() < liveFrom,
      },
      open,
    ];
  });
  return {
    ...view,
    curve: curve.map((p, i) => ({
      day: p.day,
      equity: money(p.equityMinor, currency),
      drawdown: fraction(performance.drawdowns[i] ?? 0),
    })),
    recentTrades: recentTrades.slice(0, RECENT_TRADES),
    codes: Object.keys(leader.codes),
  };
}

// ---------------------------------------------------------------------------------------------
// The operator (SPEC §9: operator lists copy products; returns are never set by hand).

export interface ListProductInput {
  leaderId: number;
  name: string;
  /** The name in each language; without it `name` is shown in every language. */
  names?: Labels;
  minAmountMinor: number;
  lockDays: number;
  cutoffAt: Date;
}

export async function listProductOnLeader(
  db: Executor,
  input: ListProductInput,
  operatorId: number | null,
  now: Date,
) {
  const leader = await db
    .selectFrom('copy_leaders')
    .select('id')
    .where('id', '=', input.leaderId)
    .executeTakeFirst();
  if (!leader) throw new DomainError('not_found', { field: 'leaderId' });
  return db
    .insertInto('copy_products')
    .values({
      leader_id: input.leaderId,
      name: input.name,
      names: input.names ? JSON.stringify(input.names) : null,
      min_amount_minor: input.minAmountMinor,
      lock_days: input.lockDays,
      cutoff_at: input.cutoffAt,
      created_by: operatorId,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
