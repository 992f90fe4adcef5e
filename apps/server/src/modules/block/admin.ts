import { LANGUAGES, MARKET_CURRENCY, MARKETS, PRICE_DECIMALS } from '@kabuto/contract';
import { blockProductState } from '@kabuto/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { inTransaction } from '../../db/database';
import { audit } from '../admin/auth';
import { adminCall, refuseAdmin } from '../backoffice/http';
import { pageQuery } from '../backoffice/users';
import { type BlockContext, productView } from './service';

const LOTS_MAX = 1_000_000_000;
const lots = z.coerce.number().int().min(1).max(LOTS_MAX);

/** What an operator lists (SPEC §6.5, §9 operator role): stock, block price, minimum lots, quota, window, market. */
const newProduct = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9.\-^]{1,16}$/),
    market: z.enum(MARKETS).optional(),
    price: z
      .string()
      .trim()
      .regex(/^[0-9]{1,12}(\.[0-9]{1,6})?$/),
    minLots: lots,
    totalLots: lots,
    startsAt: z.string().datetime({ offset: true }),
    endsAt: z.string().datetime({ offset: true }),
  })
  .strict();

/** The back office's block-trade products: list them, and list a new one. */
export function blockAdminRoutes(app: FastifyInstance, ctx: BlockContext): void {
  adminCall(
    app,
    {
      method: 'GET',
      url: '/api/admin/block/products',
      need: 'view',
      summary: 'Block-trade products, newest first, with their applications by state (names in `language`)',
      query: pageQuery.extend({ language: z.enum(LANGUAGES).default('us') }),
    },
    async ({ query }) => {
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
      };
    },
  );

  adminCall(
    app,
    {
      method: 'POST',
      url: '/api/admin/block/products',
      need: 'list',
      summary:
        'List a block-trade product {code, market?, price, minLots, totalLots, startsAt, endsAt} (SPEC §6.5)',
      body: newProduct,
    },
    async ({ body, operator }) => {
      const instrument = ctx.market.instrument(body.code);
      if (!instrument || instrument.kind !== 'stock') return refuseAdmin(400, 'not_found', 'code');
      if (body.market && body.market !== instrument.market) return refuseAdmin(400, 'bad_request', 'market');
      const market = instrument.market;
      const decimals = body.price.split('.')[1]?.length ?? 0;
      if (decimals > PRICE_DECIMALS[market] || !(Number(body.price) > 0))
        return refuseAdmin(400, 'bad_request', 'price');
      if (body.minLots > body.totalLots) return refuseAdmin(400, 'bad_request', 'minLots');
      const startsAt = new Date(body.startsAt);
      const endsAt = new Date(body.endsAt);
      if (endsAt.getTime() <= startsAt.getTime()) return refuseAdmin(400, 'bad_request', 'endsAt');
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
    },
  );
}
