import {
  admin,
  type Currency,
  MARKET_CURRENCY,
  type Market,
  minorToDecimal,
  parseMinor,
} from '@kabuto/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { inTransaction } from '../../db/database';
import type { Executor } from '../../db/schema';
import { audit } from '../admin/port';
import { adminCall, changeWithReason, reasonedChanges, refuseAdmin } from '../backoffice/port';
import type { CopyContext } from './context';
import { leaderEquityMinor } from './leaders';
import { leaderFigures, listProductOnLeader } from './products';
import type { ProductRow } from './tables';

/**
 * The operator's copy products (SPEC §9 operator role): the leaders with their computed record,
 * the products listed on them, and listing a new one. No call sets a return (SPEC §0.1, §0.5).
 */
export function copyAdminRoutes(app: FastifyInstance, ctx: CopyContext): void {
  /** A change of a product still open, answered with its id. */
  const changeProduct = reasonedChanges(ctx, {
    targetType: 'copy_product',
    load: openProduct,
    outcome: (before: OpenProduct, after: ProductRow) => {
      const currency = MARKET_CURRENCY[before.market];
      return {
        answer: { id: after.id },
        details: { before: audited(before, currency), after: audited(after, currency) },
      };
    },
  });

  adminCall(app, admin.copy.leaders, async () => {
    const leaders = await ctx.db.selectFrom('copy_leaders').selectAll().orderBy('id').execute();
    const list = [];
    for (const leader of leaders) {
      const currency = MARKET_CURRENCY[leader.market];
      const { performance, curve } = await leaderFigures(ctx, leader);
      const equity = await leaderEquityMinor(ctx.db, leader, (code) => ctx.market.quote(code)?.price ?? null);
      list.push({
        id: leader.id,
        name: leader.name,
        names: leader.names,
        strategy: leader.strategy,
        market: leader.market,
        currency,
        codes: Object.keys(leader.codes),
        equity: minorToDecimal(equity, currency),
        liveFrom: leader.live_from?.toISOString() ?? null,
        days: curve.length,
        totalReturn: performance.totalReturn.toFixed(6),
        maxDrawdown: performance.maxDrawdown.toFixed(6),
      });
    }
    return { list };
  });

  adminCall(app, admin.copy.products, async () => {
    const rows = await ctx.db
      .selectFrom('copy_products')
      .innerJoin('copy_leaders', 'copy_leaders.id', 'copy_products.leader_id')
      .selectAll('copy_products')
      .select([
        'copy_leaders.name as leader_name',
        'copy_leaders.names as leader_names',
        'copy_leaders.market as market',
      ])
      .select((eb) =>
        eb
          .selectFrom('copy_holdings')
          .select(sql<string>`count(*)::text`.as('n'))
          .whereRef('copy_holdings.product_id', '=', 'copy_products.id')
          .where('copy_holdings.state', '=', 'active')
          .as('followers'),
      )
      .orderBy('copy_products.id', 'desc')
      .execute();
    const now = ctx.clock.now().getTime();
    return {
      list: rows.map((r) => ({
        id: r.id,
        name: r.name,
        names: r.names,
        leaderId: r.leader_id,
        leader: r.leader_name,
        leaderNames: r.leader_names,
        open: new Date(r.cutoff_at).getTime() > now,
        currency: MARKET_CURRENCY[r.market],
        minAmount: minorToDecimal(r.min_amount_minor, MARKET_CURRENCY[r.market]),
        lockDays: r.lock_days,
        cutoffAt: new Date(r.cutoff_at).toISOString(),
        followers: Number(r.followers ?? 0),
        createdAt: new Date(r.created_at).toISOString(),
      })),
    };
  });

  adminCall(app, admin.copy.create, async ({ body, operator }) => {
    const leader = await ctx.db
      .selectFrom('copy_leaders')
      .selectAll()
      .where('id', '=', body.leaderId)
      .executeTakeFirst();
    if (!leader) return refuseAdmin(404, 'not_found', 'leaderId');
    const name = body.names?.us ?? body.name;
    if (!name) return refuseAdmin(400, 'bad_request', 'names');
    const currency = MARKET_CURRENCY[leader.market];
    const minAmountMinor = parseMinor(body.minAmount, currency);
    if (minAmountMinor === null || minAmountMinor <= 0) return refuseAdmin(400, 'bad_request', 'minAmount');
    const cutoffAt = new Date(body.cutoffAt);
    const now = ctx.clock.now();
    if (cutoffAt.getTime() <= now.getTime()) return refuseAdmin(400, 'bad_request', 'cutoffAt');
    return inTransaction(ctx.db, async (trx) => {
      const product = await listProductOnLeader(
        trx,
        {
          leaderId: leader.id,
          name,
          ...(body.names ? { names: body.names } : {}),
          minAmountMinor,
          lockDays: body.lockDays,
          cutoffAt,
        },
        operator.id,
        now,
      );
      await audit(
        trx,
        {
          operatorId: operator.id,
          action: 'copy_product_list',
          targetType: 'copy_product',
          targetId: product.id,
          reason: null,
          details: { after: { ...body, leader: leader.name } },
        },
        now,
      );
      return { id: product.id };
    });
  });

  adminCall(app, admin.copy.update, async ({ params, body, operator }) =>
    changeProduct(params.id, operator, body.reason, 'copy_product_update', async (trx, before, now) => {
      const minAmountMinor = parseMinor(body.minAmount, MARKET_CURRENCY[before.market]);
      if (minAmountMinor === null || minAmountMinor <= 0) return refuseAdmin(400, 'bad_request', 'minAmount');
      const cutoffAt = new Date(body.cutoffAt);
      if (cutoffAt.getTime() <= now.getTime()) return refuseAdmin(400, 'bad_request', 'cutoffAt');
      const after = await trx
        .updateTable('copy_products')
        .set({
          name: body.names.us,
          names: JSON.stringify(body.names),
          min_amount_minor: minAmountMinor,
          lock_days: body.lockDays,
          cutoff_at: cutoffAt,
        })
        .where('id', '=', before.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return after;
    }),
  );

  adminCall(app, admin.copy.close, async ({ params, body, operator }) =>
    changeProduct(params.id, operator, body.reason, 'copy_product_close', async (trx, before, now) => {
      // Following checks the cutoff against this row, so none lands after it.
      const after = await trx
        .updateTable('copy_products')
        .set({ cutoff_at: now })
        .where('id', '=', before.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return after;
    }),
  );

  adminCall(app, admin.copy.renameLeader, async ({ params, body, operator }) =>
    changeWithReason(ctx, {
      operator,
      reason: body.reason,
      action: 'copy_leader_update',
      targetType: 'copy_leader',
      load: async (trx) => {
        const before = await trx
          .selectFrom('copy_leaders')
          .select(['id', 'name', 'names'])
          .where('id', '=', params.id)
          .forUpdate()
          .executeTakeFirst();
        return before ?? refuseAdmin(404, 'not_found', 'id');
      },
      apply: async (trx, before) => {
        await trx
          .updateTable('copy_leaders')
          .set({ name: body.names.us, names: JSON.stringify(body.names) })
          .where('id', '=', before.id)
          .execute();
        return {
          answer: { id: before.id },
          details: {
            before: { name: before.name, names: before.names },
            after: { name: body.names.us, names: body.names },
          },
        };
      },
    }),
  );
}

type OpenProduct = ProductRow & { market: Market };

/** The product locked for a change, refused (`product_closed`) once its cutoff has passed. */
async function openProduct(trx: Executor, id: number, now: Date) {
  const before = await trx
    .selectFrom('copy_products')
    .innerJoin('copy_leaders', 'copy_leaders.id', 'copy_products.leader_id')
    .selectAll('copy_products')
    .select('copy_leaders.market as market')
    .where('copy_products.id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return refuseAdmin(404, 'not_found', 'id');
  if (new Date(before.cutoff_at).getTime() <= now.getTime()) return refuseAdmin(409, 'product_closed', 'id');
  return before;
}

/** A product as its audit entry records it. */
function audited(p: ProductRow, currency: Currency) {
  return {
    name: p.name,
    names: p.names,
    minAmount: minorToDecimal(p.min_amount_minor, currency),
    lockDays: p.lock_days,
    cutoffAt: new Date(p.cutoff_at).toISOString(),
  };
}
