import { type Currency, MARKET_CURRENCY, minorToDecimal, parseMinor } from '@kabuto/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { inTransaction } from '../../db/database';
import type { Executor } from '../../db/schema';
import { audit } from '../admin/port';
import { adminCall, idParam, reasonField, refuseAdmin } from '../backoffice/port';
import type { CopyContext } from './context';
import { leaderEquityMinor } from './leaders';
import { leaderFigures, listProductOnLeader } from './products';
import type { ProductRow } from './tables';

const NAME_MAX = 100;
const LOCK_DAYS_MAX = 3_650;
const nameText = z.string().trim().min(1).max(NAME_MAX);
/** A product's name in each language (SPEC §1); the English one is its key in lists and audits. */
const namesText = z.object({ cn: nameText, us: nameText, jp: nameText }).strict();
const minAmountText = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,2})?$/);
const lockDaysField = z.number().int().min(1).max(LOCK_DAYS_MAX);
const moment = z.iso.datetime({ offset: true });

/**
 * The operator's copy products (SPEC §9 operator role): the leaders with their computed record,
 * the products listed on them, and listing a new one. No call sets a return (SPEC §0.1, §0.5).
 */
export function copyAdminRoutes(app: FastifyInstance, ctx: CopyContext): void {
  adminCall(
    app,
    {
      method: 'GET',
      url: '/api/admin/copy/leaders',
      need: 'list',
      summary: 'Strategy leaders with their equity and computed record',
    },
    async () => {
      const leaders = await ctx.db.selectFrom('copy_leaders').selectAll().orderBy('id').execute();
      const list = [];
      for (const leader of leaders) {
        const currency = MARKET_CURRENCY[leader.market];
        const { performance, curve } = await leaderFigures(ctx, leader);
        const equity = await leaderEquityMinor(
          ctx.db,
          leader,
          (code) => ctx.market.quote(code)?.price ?? null,
        );
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
    },
  );

  adminCall(
    app,
    {
      method: 'GET',
      url: '/api/admin/copy/products',
      need: 'list',
      summary:
        'Copy products with their leader, rules and active followers; names by language; open until the cutoff',
    },
    async () => {
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
    },
  );

  adminCall(
    app,
    {
      method: 'POST',
      url: '/api/admin/copy/products',
      need: 'list',
      summary:
        'List a copy product on a leader {leaderId, names {cn, us, jp} (or name in every language), minAmount, lockDays, cutoffAt}',
      body: z
        .object({
          leaderId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
          name: nameText.optional(),
          names: namesText.optional(),
          minAmount: minAmountText,
          lockDays: lockDaysField,
          cutoffAt: moment,
        })
        .strict(),
    },
    async ({ body, operator }) => {
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
    },
  );

  adminCall(
    app,
    {
      method: 'POST',
      url: '/api/admin/copy/products/:id',
      need: 'list',
      summary:
        'Change a copy product still open {names {cn, us, jp}, minAmount, lockDays, cutoffAt, reason}: ' +
        'holdings already made keep their amount and lock-in; refuses product_closed after the cutoff',
      params: idParam,
      body: z
        .object({
          names: namesText,
          minAmount: minAmountText,
          lockDays: lockDaysField,
          cutoffAt: moment,
          reason: reasonField,
        })
        .strict(),
    },
    async ({ params, body, operator }) => {
      const now = ctx.clock.now();
      return inTransaction(ctx.db, async (trx) => {
        const { before, currency } = await openProduct(trx, params.id, now);
        const minAmountMinor = parseMinor(body.minAmount, currency);
        if (minAmountMinor === null || minAmountMinor <= 0)
          return refuseAdmin(400, 'bad_request', 'minAmount');
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
        await audit(
          trx,
          {
            operatorId: operator.id,
            action: 'copy_product_update',
            targetType: 'copy_product',
            targetId: before.id,
            reason: body.reason,
            details: { before: audited(before, currency), after: audited(after, currency) },
          },
          now,
        );
        return { id: after.id };
      });
    },
  );

  adminCall(
    app,
    {
      method: 'POST',
      url: '/api/admin/copy/products/:id/close',
      need: 'list',
      summary:
        'Close a copy product now {reason}: its cutoff becomes now, so nobody new can follow; holdings run to ' +
        'the end of their lock-in; refuses product_closed when already past its cutoff',
      params: idParam,
      body: z.object({ reason: reasonField }).strict(),
    },
    async ({ params, body, operator }) => {
      const now = ctx.clock.now();
      return inTransaction(ctx.db, async (trx) => {
        const { before, currency } = await openProduct(trx, params.id, now);
        // Following checks the cutoff against this row, so none lands after it.
        const after = await trx
          .updateTable('copy_products')
          .set({ cutoff_at: now })
          .where('id', '=', before.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(
          trx,
          {
            operatorId: operator.id,
            action: 'copy_product_close',
            targetType: 'copy_product',
            targetId: before.id,
            reason: body.reason,
            details: { before: audited(before, currency), after: audited(after, currency) },
          },
          now,
        );
        return { id: after.id };
      });
    },
  );
  adminCall(
    app,
    {
      method: 'POST',
      url: '/api/admin/copy/leaders/:id',
      need: 'list',
      summary:
        'Rename a strategy leader {names {cn, us, jp}, reason}: investors read the new name in their language on every product it leads; its record and fills are untouched',
      params: idParam,
      body: z.object({ names: namesText, reason: reasonField }).strict(),
    },
    async ({ params, body, operator }) => {
      const now = ctx.clock.now();
      return inTransaction(ctx.db, async (trx) => {
        const before = await trx
          .selectFrom('copy_leaders')
          .select(['id', 'name', 'names'])
          .where('id', '=', params.id)
          .forUpdate()
          .executeTakeFirst();
        if (!before) return refuseAdmin(404, 'not_found', 'id');
        await trx
          .updateTable('copy_leaders')
          .set({ name: body.names.us, names: JSON.stringify(body.names) })
          .where('id', '=', before.id)
          .execute();
        await audit(
          trx,
          {
            operatorId: operator.id,
            action: 'copy_leader_update',
            targetType: 'copy_leader',
            targetId: before.id,
            reason: body.reason,
            details: {
              before: { name: before.name, names: before.names },
              after: { name: body.names.us, names: body.names },
            },
          },
          now,
        );
        return { id: before.id };
      });
    },
  );
}

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
  return { before, currency: MARKET_CURRENCY[before.market] };
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
