import { admin, MARKET_CURRENCY, type MARKETS, PRICE_DECIMALS } from '@kabuto/contract';
import { blockProductState } from '@kabuto/domain';
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { inTransaction } from '../../db/database';
import type { Tx } from '../../db/schema';
import { audit } from '../admin/port';
import { adminCall, reasonedChanges, refuseAdmin } from '../backoffice/port';
import { type BlockContext, productView } from './service';
import type { BlockProduct } from './tables';

/**
 * A block price on its market's tick grid and within the configured band around the market
 * price (config `blockPriceBandPercent`, docs/decisions.md "Block price band").
 */
function checkPrice(ctx: BlockContext, code: string, market: (typeof MARKETS)[number], price: string): void {
  const decimals = price.split('.')[1]?.length ?? 0;
  if (decimals > PRICE_DECIMALS[market] || !(Number(price) > 0)) refuseAdmin(400, 'bad_request', 'price');
  const quote = ctx.market.quote(code);
  if (!quote) {
    refuseAdmin(409, 'price_unavailable', 'price');
    return;
  }
  const band = new Decimal(ctx.config.blockPriceBandPercent).div(100);
  const reference = new Decimal(quote.price);
  const distance = new Decimal(price).minus(reference).abs();
  if (distance.gt(reference.times(band))) refuseAdmin(400, 'price_out_of_band', 'price');
}

/** The product locked for a change, refused (`product_closed`) once its window has ended. */
async function openProduct(trx: Tx, id: number, now: Date) {
  const row = await trx
    .selectFrom('block_products')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return refuseAdmin(404, 'not_found', 'id');
  if (row.ends_at.getTime() <= now.getTime()) return refuseAdmin(409, 'product_closed', 'id');
  return row;
}

/** The back office's block-trade products: list them, list a new one, change one, close one early. */
export function blockAdminRoutes(app: FastifyInstance, ctx: BlockContext): void {
  /** A change of a product still open or to come, answered with its view. */
  const changeProduct = reasonedChanges(ctx, {
    targetType: 'block_product',
    load: openProduct,
    outcome: (before: BlockProduct, after: BlockProduct, now) => ({
      answer: productView(ctx, after, 'us', now),
      details: { before: changed(before), after: changed(after) },
    }),
  });

  adminCall(app, admin.block.list, async ({ query }) => {
    const [rows, total, counts] = await Promise.all([
      ctx.db
        .selectFrom('block_products')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(query.size)
        .offset((query.page - 1) * query.size)
        .execute(),
      ctx.db
        .selectFrom('block_products')
        .select(sql<string>`count(*)::text`.as('n'))
        .executeTakeFirstOrThrow(),
      ctx.db
        .selectFrom('block_applications')
        .select(['product_id', 'state', sql<string>`count(*)::text`.as('n')])
        .groupBy(['product_id', 'state'])
        .execute(),
    ]);
    return {
      list: rows.map((p) => ({
        ...productView(ctx, p, query.language),
        applications: Object.fromEntries(
          counts.filter((c) => c.product_id === p.id).map((c) => [c.state, Number(c.n)]),
        ),
      })),
      total: Number(total.n),
      page: query.page,
      size: query.size,
      /** The band a block price must keep around the market price, for the form to state. */
      priceBandPercent: ctx.config.blockPriceBandPercent,
    };
  });

  adminCall(app, admin.block.create, async ({ body, operator }) => {
    const instrument = ctx.market.instrument(body.code);
    // A code no listed stock has: the code field is what is wrong.
    if (instrument?.kind !== 'stock') return refuseAdmin(400, 'code_unknown', 'code');
    if (body.market && body.market !== instrument.market) return refuseAdmin(400, 'bad_request', 'market');
    const market = instrument.market;
    checkPrice(ctx, instrument.code, market, body.price);
    if (body.minLots > body.totalLots) return refuseAdmin(400, 'min_above_total', 'minLots');
    const startsAt = new Date(body.startsAt);
    const endsAt = new Date(body.endsAt);
    if (endsAt.getTime() <= startsAt.getTime()) return refuseAdmin(400, 'ends_before_start', 'endsAt');
    const now = ctx.clock.now();
    return inTransaction(ctx.db, async (trx) => {
      const row = await trx
        .insertInto('block_products')
        .values({
          code: instrument.code,
          market,
          currency: MARKET_CURRENCY[market],
          price: body.price,
          min_lots: body.minLots,
          total_lots: body.totalLots,
          remaining_lots: body.totalLots,
          starts_at: startsAt,
          ends_at: endsAt,
          state: blockProductState(startsAt.getTime(), endsAt.getTime(), now.getTime()),
          created_by: operator.id,
          created_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(
        trx,
        {
          operatorId: operator.id,
          action: 'block_product_create',
          targetType: 'block_product',
          targetId: row.id,
          reason: null,
          details: { after: body },
        },
        now,
      );
      return productView(ctx, row, 'us', now);
    });
  });

  adminCall(app, admin.block.update, async ({ params, body, operator }) =>
    changeProduct(params.id, operator, body.reason, 'block_product_update', async (trx, before, now) => {
      if (body.price !== undefined) checkPrice(ctx, before.code, before.market, body.price);
      const totalLots = body.totalLots ?? before.total_lots;
      const minLots = body.minLots ?? before.min_lots;
      // Lots already taken by applications stay taken: the quota cannot drop below them.
      const taken = before.total_lots - before.remaining_lots;
      if (totalLots < taken) return refuseAdmin(400, 'below_taken', 'totalLots');
      if (minLots > totalLots) return refuseAdmin(400, 'min_above_total', 'minLots');
      const endsAt = body.endsAt ? new Date(body.endsAt) : before.ends_at;
      if (endsAt.getTime() <= Math.max(before.starts_at.getTime(), now.getTime()))
        return refuseAdmin(400, 'ends_before_start', 'endsAt');
      const after = await trx
        .updateTable('block_products')
        .set({
          price: body.price ?? before.price,
          min_lots: minLots,
          total_lots: totalLots,
          remaining_lots: totalLots - taken,
          ends_at: endsAt,
        })
        .where('id', '=', before.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return after;
    }),
  );

  adminCall(app, admin.block.close, async ({ params, body, operator }) =>
    changeProduct(params.id, operator, body.reason, 'block_product_close', async (trx, before, now) => {
      // Applying checks `ends_at > now` under the product's row lock, so none lands after this.
      const after = await trx
        .updateTable('block_products')
        .set({
          ends_at: now,
          starts_at: before.starts_at.getTime() > now.getTime() ? now : before.starts_at,
          state: 'closed',
        })
        .where('id', '=', before.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return after;
    }),
  );
}

/** The fields an operator can change, as the audit entry records them. */
function changed(p: BlockProduct) {
  return {
    price: new Decimal(p.price).toFixed(PRICE_DECIMALS[p.market]),
    minLots: p.min_lots,
    totalLots: p.total_lots,
    remainingLots: p.remaining_lots,
    startsAt: p.starts_at.toISOString(),
    endsAt: p.ends_at.toISOString(),
  };
}
