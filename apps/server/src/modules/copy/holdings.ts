import {
  COPY_HOLDING_STATUS,
  type CopyHoldingView,
  type Currency,
  type Language,
  nameIn,
  type ParsedRequestOf,
  type productBuyCall,
} from '@kabuto/contract';
import { holdingCashMinor, pnlMinor } from '@kabuto/domain';
import { sql } from 'kysely';
import { inTransaction } from '../../db/database';
import type { Executor } from '../../db/schema';
import { DomainError } from '../../errors';
import { type User, verifyFundPassword } from '../../http/auth';
import { businessOrderNo, parseAmount, takeFundLock } from '../../ledger/funds';
import { placeHold } from '../../ledger/holds';
import type { PositionRow } from '../trading/port';
import { positionView } from '../trading/port';
import { type CopyContext, currencyOf, DAY_MS, money } from './context';
import { findProduct } from './products';
import type { HoldingRow } from './tables';

/** Following a product and the holdings it makes (SPEC §6.5). */

// ---------------------------------------------------------------------------------------------
// Holdings

interface HoldingMoney {
  cashMinor: number;
  openMarginMinor: number;
  valueMinor: number;
  dailyProfitMinor: number;
  openPositions: number;
}

export async function mirroredPositions(
  db: Executor,
  holdingIds: number[],
): Promise<Map<number, PositionRow[]>> {
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

export function holdingCash(holding: HoldingRow, positions: PositionRow[]): number {
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
