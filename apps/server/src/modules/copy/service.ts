import {
  COPY_HOLDING_STATUS,
  type CopyHoldingView,
  type CopyProductView,
  type Currency,
  type Labels,
  type Language,
  MARKET_CURRENCY,
  MARKET_TIMEZONE,
  minorToDecimal,
  nameIn,
  type ParsedRequestOf,
  type productBuyCall,
} from '@kabuto/contract';
import {
  type EquityPoint,
  equityCurve,
  holdingCashMinor,
  localDateIn,
  mirrorPlanner,
  performanceOf,
  pnlMinor,
  sampleCurve,
} from '@kabuto/domain';
import { sql } from 'kysely';
import { inTransaction } from '../../db/database';
import type { Executor, Tx } from '../../db/schema';
import { DomainError } from '../../errors';
import { type User, verifyFundPassword } from '../../http/auth';
import { businessOrderNo, parseAmount, takeFundLock } from '../../ledger/funds';
import { HOUSE, type PostingInput, placeHold, postTransactions, settleHold } from '../../ledger/ledger';
import { i18n } from '../identity/common';
import { messages } from '../messages/service';
import { settle, type TradingContext } from '../trading/service';
import type { PositionRow } from '../trading/tables';
import { formatPrice, positionView } from '../trading/views';
import { type LeaderFill, leaderEquityMinor, liveBars, runDecision } from './leaders';
import type { FanoutRow, HoldingRow, LeaderRow, ProductRow } from './tables';

export type CopyContext = TradingContext;

/** Holdings mirrored per database transaction (SPEC §6.5 fan-out in batches). */
export const FANOUT_BATCH = 500;
/**
 * Batches of one leader fill's opens run at once on PostgreSQL, each its own transaction on its
 * own connection (the embedded database runs one transaction at a time: one there).
 */
export const FANOUT_PARALLEL = 4;
/** How often the fan-out job looks for work left by a node that stopped half-way. */
export const FANOUT_SWEEP_MS = 5_000;
/** How often the lock-in job looks for holdings whose lock-in has ended. */
export const LOCKIN_SWEEP_MS = 60_000;
/** How long computed figures of a leader are reused. */
const FIGURES_TTL_MS = 60_000;
/** Points of a product's sparkline. */
const SPARKLINE_POINTS = 30;
/** Leader trades shown on a product's page. */
const RECENT_TRADES = 20;
const DAY_MS = 86_400_000;

const money = (minor: number, currency: Currency) => minorToDecimal(minor, currency);
const currencyOf = (leader: Pick<LeaderRow, 'market'>) => MARKET_CURRENCY[leader.market];

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

async function findProduct(db: Executor, id: number) {
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
// Holdings

interface HoldingMoney {
  cashMinor: number;
  openMarginMinor: number;
  valueMinor: number;
  dailyProfitMinor: number;
  openPositions: number;
}

async function mirroredPositions(db: Executor, holdingIds: number[]): Promise<Map<number, PositionRow[]>> {
  const out = new Map<number, PositionRow[]>();
  if (holdingIds.length === 0) return out;
  const rows = await db
    .selectFrom('positions')
    .selectAll()
    .where('source', '=', 'copy')
    .where('source_id', 'in', holdingIds)
    .orderBy('id')
    .execute();
  for (const row of rows) out.set(row.source_id!, [...(out.get(row.source_id!) ?? []), row]);
  return out;
}

const isOpen = (p: PositionRow) => p.state === 'holding' || p.state === 'closing';

function holdingCash(holding: HoldingRow, positions: PositionRow[]): number {
  return holdingCashMinor(
    holding.amount_minor,
    positions.map((p) => ({
      open: isOpen(p),
      marginMinor: p.margin_minor,
      feeMinor: p.fee_minor,
      realisedPnlMinor: p.realised_pnl_minor,
      closeFeeMinor: p.close_fee_minor,
    })),
  );
}

/**
 * A holding's money (SPEC §4 my holding): its cash, and the value of its mirrored positions at
 * the current prices. Daily profit: today's move of positions held from before today (from the
 * previous close), of positions opened today (from their open), realised today, less today's fees.
 */
function holdingMoney(ctx: CopyContext, holding: HoldingRow, positions: PositionRow[]): HoldingMoney {
  const cash = holdingCash(holding, positions);
  let openMargin = 0;
  let value = cash;
  let daily = 0;
  let open = 0;
  const now = ctx.clock.now();
  for (const p of positions) {
    const today = ctx.market.tradingDay(p.market, now);
    const quote = ctx.market.quote(p.code);
    const openedToday = p.opened_trading_day === today;
    const reference = openedToday ? p.open_price : (quote?.previousClose ?? p.open_price);
    if (isOpen(p)) {
      open++;
      openMargin += p.margin_minor;
      const price = quote?.price ?? p.open_price!;
      const pnl = pnlMinor(p.market, p.direction, p.open_price!, price, p.quantity);
      value += p.margin_minor + pnl;
      if (reference) daily += pnlMinor(p.market, p.direction, reference, price, p.quantity);
      if (openedToday) daily -= p.fee_minor;
    } else if (p.closed_at && p.close_price && ctx.market.tradingDay(p.market, p.closed_at) === today) {
      if (reference) daily += pnlMinor(p.market, p.direction, reference, p.close_price, p.quantity);
      daily -= p.close_fee_minor ?? 0;
      if (openedToday) daily -= p.fee_minor;
    }
  }
  return {
    cashMinor: cash,
    openMarginMinor: openMargin,
    valueMinor: value,
    dailyProfitMinor: daily,
    openPositions: open,
  };
}

function holdingView(
  ctx: CopyContext,
  holding: HoldingRow,
  productName: string,
  positions: PositionRow[],
): CopyHoldingView {
  const currency = holding.currency as Currency;
  const m = holdingMoney(ctx, holding, positions);
  const ended = holding.state === 'ended';
  return {
    id: holding.id,
    orderNo: holding.order_no,
    productId: holding.product_id,
    productName,
    currency,
    amount: money(holding.amount_minor, currency),
    money: money(ended ? 0 : m.cashMinor + m.openMarginMinor, currency),
    value: money(ended ? (holding.returned_minor ?? 0) : m.valueMinor, currency),
    dailyProfit: money(ended ? 0 : m.dailyProfitMinor, currency),
    totalProfit: money(
      (ended ? (holding.returned_minor ?? 0) : m.valueMinor) - holding.amount_minor,
      currency,
    ),
    state: holding.state,
    status: COPY_HOLDING_STATUS[holding.state],
    createdAt: new Date(holding.created_at).toISOString(),
    lockUntil: new Date(holding.lock_until).toISOString(),
    endedAt: holding.ended_at?.toISOString() ?? null,
    returned: holding.returned_minor === null ? null : money(holding.returned_minor, currency),
    openPositions: m.openPositions,
  };
}

export async function listHoldings(
  ctx: CopyContext,
  userId: number,
  page: number,
  size: number,
  language: Language,
) {
  const [rows, total] = await Promise.all([
    ctx.db
      .selectFrom('copy_holdings')
      .innerJoin('copy_products', 'copy_products.id', 'copy_holdings.product_id')
      .selectAll('copy_holdings')
      .select(['copy_products.name as product_name', 'copy_products.names as product_names'])
      .where('copy_holdings.user_id', '=', userId)
      .orderBy('copy_holdings.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    ctx.db
      .selectFrom('copy_holdings')
      .select(sql<string>`count(*)::text`.as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  const positions = await mirroredPositions(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    list: rows.map((r) =>
      holdingView(ctx, r, nameIn(r.product_names, language, r.product_name), positions.get(r.id) ?? []),
    ),
    page,
    size,
    total: Number(total.n),
  };
}

export async function followOrders(
  ctx: CopyContext,
  userId: number,
  holdingId: number | undefined,
  language: Language,
  page: number,
  size: number,
) {
  let base = ctx.db.selectFrom('positions').where('user_id', '=', userId).where('source', '=', 'copy');
  if (holdingId !== undefined) {
    const holding = await ctx.db
      .selectFrom('copy_holdings')
      .select('id')
      .where('id', '=', holdingId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!holding) throw new DomainError('not_found', { field: 'holding_id' });
    base = base.where('source_id', '=', holdingId);
  }
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const sources = await mirrorSources(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    list: rows.map((row) => {
      const source = sources.get(row.id);
      return {
        ...positionView(ctx, row, language),
        holdingId: row.source_id!,
        leaderQuantity: source?.leader_quantity ?? null,
        leaderEquity: source ? money(source.leader_equity_minor, row.currency as Currency) : null,
      };
    }),
    page,
    size,
    total: Number(total.n),
  };
}

/** The leader fill each mirrored position was opened from: its quantity and the leader's equity then. */
async function mirrorSources(db: Executor, positionIds: number[]) {
  if (positionIds.length === 0)
    return new Map<number, { leader_quantity: number; leader_equity_minor: number }>();
  const rows = await db
    .selectFrom('copy_mirrors')
    .innerJoin('copy_fanouts', (join) =>
      join
        .onRef('copy_fanouts.leader_position_id', '=', 'copy_mirrors.leader_position_id')
        .on('copy_fanouts.action', '=', 'open'),
    )
    .select(['copy_mirrors.position_id', 'copy_fanouts.leader_quantity', 'copy_fanouts.leader_equity_minor'])
    .where('copy_mirrors.position_id', 'in', positionIds)
    .execute();
  return new Map(rows.map((r) => [r.position_id, r]));
}

/**
 * SPEC §6.5 follow (`/trade/productBuy`): an amount ≥ the product's minimum (`amount_below_min`),
 * before its cutoff (`product_deadline`), with the fund password; the amount is frozen through a
 * ledger hold until the lock-in ends. Refusals move nothing.
 */
export async function follow(
  ctx: CopyContext,
  user: User,
  body: ParsedRequestOf<typeof productBuyCall>,
  language: Language,
) {
  const { product, leader } = await findProduct(ctx.db, body.id);
  const currency = currencyOf(leader);
  const amountMinor = parseAmount(body.amount, currency);
  const now = ctx.clock.now();
  if (new Date(product.cutoff_at).getTime() <= now.getTime()) throw new DomainError('product_deadline');
  if (amountMinor < product.min_amount_minor)
    throw new DomainError('amount_below_min', {
      field: 'amount',
      min: money(product.min_amount_minor, currency),
    });
  await verifyFundPassword(ctx, user.id, body.fund_password);
  const holding = await inTransaction(ctx.db, async (trx) => {
    await takeFundLock(trx, user.id);
    const { rows } = await sql<{ id: number }>`
      SELECT nextval(pg_get_serial_sequence('copy_holdings', 'id'))::int8 AS id`.execute(trx);
    const id = Number(rows[0]!.id);
    const hold = await placeHold(
      trx,
      {
        userId: user.id,
        currency,
        purpose: 'copy',
        amountMinor,
        kind: 'copy_follow',
        refType: 'copy_holding',
        refId: id,
        memo: product.name,
      },
      now,
    );
    return trx
      .insertInto('copy_holdings')
      .values({
        id,
        order_no: businessOrderNo('C', now, id),
        user_id: user.id,
        product_id: product.id,
        currency,
        amount_minor: amountMinor,
        hold_id: hold.holdId,
        lock_until: new Date(now.getTime() + product.lock_days * DAY_MS),
        ended_at: null,
        returned_minor: null,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return holdingView(ctx, holding, nameIn(product.names, language, product.name), []);
}

// ---------------------------------------------------------------------------------------------
// Fan-out (SPEC §6.5: each leader fill mirrored into every active holding, in batches).

/** Records a leader's fill for fan-out; the work runs in batches off the caller's path. */
export async function recordFanout(
  ctx: CopyContext,
  leader: LeaderRow,
  fill: LeaderFill,
): Promise<FanoutRow> {
  forgetFigures(ctx, leader.id);
  return ctx.db
    .insertInto('copy_fanouts')
    .values({
      leader_id: leader.id,
      leader_position_id: fill.position.id,
      action: fill.action,
      price: fill.price,
      leader_quantity: fill.leaderQuantity,
      leader_equity_minor: fill.leaderEquityMinor,
      created_at: ctx.clock.now(),
      done_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Mirrors one batch of holdings of a fan-out; returns false when the fan-out is done. */
async function fanoutBatch(
  ctx: CopyContext,
  fanoutId: number,
): Promise<{ more: boolean; tracked: PositionRow[] }> {
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (trx) => {
    const fanout = await trx
      .selectFrom('copy_fanouts')
      .selectAll()
      .where('id', '=', fanoutId)
      .forUpdate()
      .executeTakeFirst();
    if (!fanout || fanout.done_at) return { more: false, tracked: [] };
    const result =
      fanout.action === 'open'
        ? await mirrorOpens(ctx, trx, fanout, now)
        : await mirrorCloses(ctx, trx, fanout, now);
    await trx
      .updateTable('copy_fanouts')
      .set({
        cursor_id: result.cursor,
        mirrored: fanout.action === 'open' ? mirroredOf(fanout) : fanout.mirrored + result.positions.length,
        done_at: result.done ? now : null,
      })
      .where('id', '=', fanout.id)
      .execute();
    return { more: !result.done, tracked: result.positions };
  });
}

/** The holdings mirroring a leader fill's open so far (batches may have run out of cursor order). */
const mirroredOf = (fanout: FanoutRow) =>
  sql<number>`(SELECT count(*)::int FROM copy_mirrors WHERE leader_position_id = ${fanout.leader_position_id})`;

interface BatchResult {
  cursor: number;
  done: boolean;
  positions: PositionRow[];
}

/**
 * Opens the mirrored positions of one batch of active holdings (the next ones by id after the
 * cursor, or the listed ones): each holding's quantity is the leader's scaled by amount ÷ leader
 * equity, in whole shares its cash affords, paid from the holding's frozen funds with the
 * follower's own fee. A holding already mirroring the leader's position (a batch that ran ahead of
 * the cursor) is left as it is: checked under the holding's row lock, so never mirrored twice.
 */
async function mirrorOpens(
  ctx: CopyContext,
  trx: Tx,
  fanout: FanoutRow,
  now: Date,
  listed?: number[],
): Promise<BatchResult> {
  const leaderPosition = await trx
    .selectFrom('positions')
    .selectAll()
    .where('id', '=', fanout.leader_position_id)
    .executeTakeFirstOrThrow();
  const due = trx
    .selectFrom('copy_holdings')
    .innerJoin('copy_products', 'copy_products.id', 'copy_holdings.product_id')
    .selectAll('copy_holdings')
    .where('copy_products.leader_id', '=', fanout.leader_id)
    .where('copy_holdings.state', '=', 'active')
    .where('copy_holdings.created_at', '<=', fanout.created_at);
  const holdings = await (listed
    ? due.where('copy_holdings.id', 'in', listed)
    : due.where('copy_holdings.id', '>', fanout.cursor_id)
  )
    .orderBy('copy_holdings.id')
    .limit(FANOUT_BATCH)
    // The holdings only: batches running at once share the product row.
    .forUpdate('copy_holdings')
    .execute();
  if (holdings.length === 0) return { cursor: fanout.cursor_id, done: true, positions: [] };
  const ids = holdings.map((h) => h.id);
  const [existing, mirrored] = await Promise.all([
    mirroredPositions(trx, ids),
    trx
      .selectFrom('copy_mirrors')
      .select('holding_id')
      .where('leader_position_id', '=', fanout.leader_position_id)
      .where('holding_id', 'in', ids)
      .execute(),
  ]);
  const alreadyMirrored = new Set(mirrored.map((m) => m.holding_id));
  const market = leaderPosition.market;
  const currency = MARKET_CURRENCY[market];
  const planned: Array<{ holding: HoldingRow; quantity: number; marginMinor: number; feeMinor: number }> = [];
  const plan = mirrorPlanner({
    market,
    leaderQuantity: fanout.leader_quantity,
    leaderEquityMinor: fanout.leader_equity_minor,
    price: fanout.price,
    leverage: leaderPosition.leverage,
    feeRateBps: ctx.config.feeRateBps,
    minFeeMinor: ctx.config.minFeeMinor[market],
  });
  for (const holding of holdings) {
    if (alreadyMirrored.has(holding.id)) continue;
    const mirror = plan(holding.amount_minor, holdingCash(holding, existing.get(holding.id) ?? []));
    if (mirror.quantity > 0) planned.push({ holding, ...mirror });
  }
  const orderNos = await postMirrorOpens(trx, planned, leaderPosition.code, fanout.price, currency, now);
  // The positions and their links to the leader's, in one statement whatever the batch's size.
  let inserted: PositionRow[] = [];
  if (planned.length > 0) {
    const { rows } = await sql<PositionRow>`
      WITH p AS (
        INSERT INTO positions (order_no, user_id, code, market, currency, direction, order_type, mode, leverage,
          quantity, open_price, opened_at, opened_trading_day, margin_minor, fee_minor, state, source, source_id,
          created_at, updated_at)
        SELECT x.order_no, x.user_id, ${leaderPosition.code}, ${market}, ${currency}, ${leaderPosition.direction},
          'market', 'normal', ${leaderPosition.leverage}::int, x.quantity, ${fanout.price}::numeric, ${now}::timestamptz,
          ${ctx.market.tradingDay(market, now)}, x.margin, x.fee, 'holding', 'copy', x.holding_id,
          ${now}::timestamptz, ${now}::timestamptz
        FROM unnest(${orderNos}::text[], ${planned.map((p) => p.holding.user_id)}::int8[],
                    ${planned.map((p) => p.quantity)}::int8[], ${planned.map((p) => p.marginMinor)}::int8[],
                    ${planned.map((p) => p.feeMinor)}::int8[], ${planned.map((p) => p.holding.id)}::int8[])
          WITH ORDINALITY AS x(order_no, user_id, quantity, margin, fee, holding_id, n)
        ORDER BY x.n
        RETURNING *
      ), linked AS (
        INSERT INTO copy_mirrors (position_id, leader_position_id, holding_id)
        SELECT p.id, ${fanout.leader_position_id}::int8, p.source_id FROM p
      )
      SELECT * FROM p ORDER BY id`.execute(trx);
    inserted = rows;
  }
  const cursor = holdings.at(-1)!.id;
  return { cursor, done: holdings.length < FANOUT_BATCH, positions: inserted };
}

/**
 * The ledger transactions of a batch's mirrored opens (each holding's margin and fee leave its
 * frozen funds: `frozen:copy` → `frozen:order` + `house:fees`), one per follower, written for the
 * whole batch at once (`postTransactions`). Answers the order numbers in the order of `planned`.
 */
async function postMirrorOpens(
  trx: Tx,
  planned: Array<{ holding: HoldingRow; quantity: number; marginMinor: number; feeMinor: number }>,
  code: string,
  price: string,
  currency: Currency,
  now: Date,
): Promise<string[]> {
  const posted = await postTransactions(
    trx,
    planned.map((p) => ({
      kind: 'copy_open' as const,
      userId: p.holding.user_id,
      refType: 'copy_holding',
      refId: p.holding.id,
      memo: `${p.holding.order_no}: long ${p.quantity} ${code} @ ${price}`,
      postings: [
        {
          userId: p.holding.user_id,
          account: 'frozen:copy' as const,
          currency,
          amountMinor: -(p.marginMinor + p.feeMinor),
        },
        { userId: p.holding.user_id, account: 'frozen:order' as const, currency, amountMinor: p.marginMinor },
        { userId: HOUSE, account: 'house:fees' as const, currency, amountMinor: p.feeMinor },
        // A zero margin or fee posts nothing.
      ].filter((posting) => posting.amountMinor !== 0) as PostingInput[],
    })),
    now,
  );
  return posted.map((t) => t.orderNo);
}

/** Closes one batch of the positions mirroring a leader position the leader closed, at its price. */
async function mirrorCloses(ctx: CopyContext, trx: Tx, fanout: FanoutRow, now: Date): Promise<BatchResult> {
  const rows = await trx
    .selectFrom('positions')
    .innerJoin('copy_mirrors', 'copy_mirrors.position_id', 'positions.id')
    .selectAll('positions')
    .where('copy_mirrors.leader_position_id', '=', fanout.leader_position_id)
    .where('positions.id', '>', fanout.cursor_id)
    .orderBy('positions.id')
    .limit(FANOUT_BATCH)
    .forUpdate()
    .execute();
  if (rows.length === 0) return { cursor: fanout.cursor_id, done: true, positions: [] };
  const closed: PositionRow[] = [];
  for (const row of rows) {
    if (row.state !== 'holding') continue;
    closed.push((await settle(ctx, trx, row, fanout.price, 'user', now)).row);
  }
  return { cursor: rows.at(-1)!.id, done: rows.length < FANOUT_BATCH, positions: closed };
}

/**
 * Runs pending fan-outs to the end, batch by batch, oldest first. Each batch is one transaction
 * that advances the fan-out's cursor, so a node stopping half-way leaves the rest to the next run.
 * The opens of a fan-out first go in batches of listed holdings, FANOUT_PARALLEL at once on
 * PostgreSQL, then the cursor moves past them and the batches after the cursor finish the rest.
 */
export async function drainFanouts(ctx: CopyContext): Promise<number> {
  let mirrored = 0;
  const track = (rows: PositionRow[]) => {
    mirrored += rows.length;
    for (const row of rows) {
      if (row.state === 'holding') ctx.trading.engine.track(row);
      else ctx.trading.engine.untrack(row.id);
    }
  };
  for (;;) {
    const pending = await ctx.db
      .selectFrom('copy_fanouts')
      .select('id')
      .where('done_at', 'is', null)
      .orderBy('id')
      .limit(10)
      .execute();
    if (pending.length === 0) return mirrored;
    for (const { id } of pending) {
      await openListed(ctx, id, track);
      for (;;) {
        const { more, tracked } = await fanoutBatch(ctx, id);
        track(tracked);
        if (!more) break;
      }
    }
  }
}

/**
 * The opens of a fan-out for the holdings due when it starts, in batches of listed holdings
 * (several at once on PostgreSQL: each batch locks its own holdings, then its accounts in the
 * ledger's key order, so batches never deadlock); then the cursor moves past them. A node
 * stopping half-way leaves batches done ahead of the cursor: the next run passes over their
 * holdings, already mirrored.
 */
async function openListed(ctx: CopyContext, fanoutId: number, track: (rows: PositionRow[]) => void) {
  const fanout = await ctx.db
    .selectFrom('copy_fanouts')
    .selectAll()
    .where('id', '=', fanoutId)
    .executeTakeFirst();
  if (!fanout || fanout.done_at || fanout.action !== 'open') return;
  const ids = (
    await ctx.db
      .selectFrom('copy_holdings')
      .innerJoin('copy_products', 'copy_products.id', 'copy_holdings.product_id')
      .select('copy_holdings.id')
      .where('copy_products.leader_id', '=', fanout.leader_id)
      .where('copy_holdings.state', '=', 'active')
      .where('copy_holdings.id', '>', fanout.cursor_id)
      .where('copy_holdings.created_at', '<=', fanout.created_at)
      .orderBy('copy_holdings.id')
      .execute()
  ).map((h) => h.id);
  if (ids.length === 0) return;
  const batches: number[][] = [];
  for (let from = 0; from < ids.length; from += FANOUT_BATCH)
    batches.push(ids.slice(from, from + FANOUT_BATCH));
  let next = 0;
  let failed = false;
  const workers = ctx.database.kind === 'postgres' ? FANOUT_PARALLEL : 1;
  await Promise.all(
    Array.from({ length: Math.min(workers, batches.length) }, async () => {
      while (next < batches.length && !failed) {
        const batch = batches[next++]!;
        try {
          const result = await inTransaction(ctx.db, (trx) =>
            mirrorOpens(ctx, trx, fanout, ctx.clock.now(), batch),
          );
          track(result.positions);
        } catch (error) {
          failed = true;
          throw error;
        }
      }
    }),
  );
  await ctx.db
    .updateTable('copy_fanouts')
    .set({ cursor_id: ids.at(-1)!, mirrored: mirroredOf(fanout) })
    .where('id', '=', fanout.id)
    .where('done_at', 'is', null)
    .where('cursor_id', '<', ids.at(-1)!)
    .execute();
}

/**
 * Runs fan-outs off the caller's path (never the tick loop), one drain at a time per node; a
 * request arriving during a drain runs another drain after it.
 */
export class FanoutRunner {
  private running: Promise<void> | null = null;
  private again = false;
  constructor(private readonly ctx: CopyContext) {}

  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await drainFanouts(this.ctx);
        } catch (error) {
          this.ctx.log.error({ err: error }, 'copy fan-out failed');
        }
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
  }

  async idle(): Promise<void> {
    while (this.running) await this.running;
  }
}

// ---------------------------------------------------------------------------------------------
// Live trading

/**
 * The strategies' live decision (jobs runner): once per trading day each leader decides on the
 * stored bars and today's price, its orders go through the engine, and its fills are fanned out.
 */
export async function runLeaders(ctx: CopyContext, fanout: FanoutRunner): Promise<string> {
  const leaders = await ctx.db
    .selectFrom('copy_leaders')
    .selectAll()
    .where('live_from', 'is not', null)
    .execute();
  let fills = 0;
  for (const leader of leaders) {
    const today = ctx.market.tradingDay(leader.market, ctx.clock.now());
    if (leader.last_decided_day !== null && leader.last_decided_day >= today) continue;
    if (!ctx.market.isOpen(leader.market, ctx.clock.now())) continue;
    fills += (await tradeLeader(ctx, leader, today, fanout)).length;
  }
  return `${fills} leader fills`;
}

export async function tradeLeader(
  ctx: CopyContext,
  leader: LeaderRow,
  today: string,
  fanout: FanoutRunner,
): Promise<LeaderFill[]> {
  const claimed = await ctx.db
    .updateTable('copy_leaders')
    .set({ last_decided_day: today })
    .where('id', '=', leader.id)
    .where((eb) => eb.or([eb('last_decided_day', 'is', null), eb('last_decided_day', '<', today)]))
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return [];
  const fills = await runDecision(ctx, leader, await liveBars(ctx, leader, today));
  await mirrorFills(ctx, leader, fills, fanout);
  return fills;
}

/** Tells the engine of a leader's fills and queues their fan-out. */
export async function mirrorFills(
  ctx: CopyContext,
  leader: LeaderRow,
  fills: LeaderFill[],
  fanout: FanoutRunner,
): Promise<void> {
  for (const fill of fills) {
    if (fill.action === 'open') ctx.trading.engine.track(fill.position);
    else ctx.trading.engine.untrack(fill.position.id);
    await recordFanout(ctx, leader, fill);
  }
  if (fills.length > 0) fanout.kick();
}

export { leaderEquityMinor };

// ---------------------------------------------------------------------------------------------
// End of lock-in

const END_MESSAGE = {
  title: i18n('跟单已到期', 'Copy holding ended', 'コピートレードが満了しました'),
  body: (orderNo: string, product: string, amount: string) =>
    i18n(
      `跟单 ${orderNo}（${product}）锁定期结束，跟单持仓已按市价平仓，${amount} 已返还至可用资金。`,
      `Copy holding ${orderNo} (${product}) reached the end of its lock-in: its mirrored positions closed at market and ${amount} returned to your available funds.`,
      `コピートレード ${orderNo}（${product}）のロック期間が終了し、ミラー建玉を成行で決済しました。${amount} を利用可能資金に戻しました。`,
    ),
};

/**
 * SPEC §6.5 end of lock-in: the holding's mirrored positions close at the current price, the
 * hold settles (its cash returns to available, whatever it gained or lost) and the user gets a
 * message; state ended. One transaction per holding, state-guarded: safe to run again.
 */
export async function endLockIns(ctx: CopyContext): Promise<string> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .selectFrom('copy_holdings')
    .select('id')
    .where('state', '=', 'active')
    .where('lock_until', '<=', now)
    .orderBy('lock_until')
    .limit(1_000)
    .execute();
  let ended = 0;
  for (const { id } of due) {
    const closed = await endHolding(ctx, id, now);
    if (closed) {
      ended++;
      for (const positionId of closed) ctx.trading.engine.untrack(positionId);
    }
  }
  return `${ended} ended`;
}

async function endHolding(ctx: CopyContext, id: number, now: Date): Promise<number[] | null> {
  return inTransaction(ctx.db, async (trx) => {
    const holding = await trx
      .selectFrom('copy_holdings')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (holding?.state !== 'active' || new Date(holding.lock_until).getTime() > now.getTime()) return null;
    const open = await trx
      .selectFrom('positions')
      .selectAll()
      .where('source', '=', 'copy')
      .where('source_id', '=', holding.id)
      .where('state', '=', 'holding')
      .orderBy('id')
      .forUpdate()
      .execute();
    const closedIds: number[] = [];
    for (const row of open) {
      const price = ctx.market.quote(row.code)?.price;
      // Without a price the holding waits for the next run.
      if (!price) throw new DomainError('price_unavailable', { code: row.code });
      await settle(ctx, trx, row, price, 'settlement', now);
      closedIds.push(row.id);
    }
    const positions = (await mirroredPositions(trx, [holding.id])).get(holding.id) ?? [];
    const cash = holdingCash(holding, positions);
    const currency = holding.currency as Currency;
    await settleHold(
      trx,
      holding.hold_id,
      {
        kind: 'copy_end',
        memo: holding.order_no,
        to: [
          { userId: holding.user_id, account: 'available', currency, amountMinor: cash },
          {
            userId: holding.user_id,
            account: 'frozen:copy',
            currency,
            amountMinor: holding.amount_minor - cash,
          },
        ].filter((p) => p.amountMinor !== 0) as Parameters<typeof settleHold>[2]['to'],
      },
      now,
    );
    await trx
      .updateTable('copy_holdings')
      .set({ state: 'ended', ended_at: now, returned_minor: cash })
      .where('id', '=', holding.id)
      .execute();
    const product = await trx
      .selectFrom('copy_products')
      .select('name')
      .where('id', '=', holding.product_id)
      .executeTakeFirstOrThrow();
    await messages.send(
      trx,
      {
        userId: holding.user_id,
        kind: 'copy_ended',
        title: END_MESSAGE.title,
        body: END_MESSAGE.body(holding.order_no, product.name, `${money(cash, currency)} ${currency}`),
      },
      now,
    );
    return closedIds;
  }).catch((error) => {
    if (error instanceof DomainError && error.key === 'price_unavailable') return null;
    throw error;
  });
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
