import { MARKET_CURRENCY, minorToDecimal, parseMinor } from '@kabuto/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { inTransaction } from '../../db/database';
import { audit } from '../admin/auth';
import { adminCall, refuseAdmin } from '../backoffice/http';
import { leaderEquityMinor } from './leaders';
import { type CopyContext, leaderFigures, listProductOnLeader } from './service';

const NAME_MAX = 100;
const LOCK_DAYS_MAX = 3_650;

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
      summary: 'Copy products with their leader, rules and active followers',
    },
    async () => {
      const rows = await ctx.db
        .selectFrom('copy_products')
        .innerJoin('copy_leaders', 'copy_leaders.id', 'copy_products.leader_id')
        .selectAll('copy_products')
        .select(['copy_leaders.name as leader_name', 'copy_leaders.market as market'])
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
      return {
        list: rows.map((r) => ({
          id: r.id,
          name: r.name,
          leaderId: r.leader_id,
          leader: r.leader_name,
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
      summary: 'List a copy product on a leader {leaderId, name, minAmount, lockDays, cutoffAt}',
      body: z
        .object({
          leaderId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
          name: z.string().trim().min(1).max(NAME_MAX),
          minAmount: z
            .string()
            .trim()
            .regex(/^\d{1,15}(\.\d{1,2})?$/),
          lockDays: z.number().int().min(1).max(LOCK_DAYS_MAX),
          cutoffAt: z.iso.datetime({ offset: true }),
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
      const currency = MARKET_CURRENCY[leader.market];
      const minAmountMinor = parseMinor(body.minAmount, currency);
      if (minAmountMinor === null || minAmountMinor <= 0) return refuseAdmin(400, 'bad_request', 'minAmount');
      const cutoffAt = new Date(body.cutoffAt);
      const now = ctx.clock.now();
      if (cutoffAt.getTime() <= now.getTime()) return refuseAdmin(400, 'bad_request', 'cutoffAt');
      return inTransaction(ctx.db, async (trx) => {
        const product = await listProductOnLeader(
          trx,
          { leaderId: leader.id, name: body.name, minAmountMinor, lockDays: body.lockDays, cutoffAt },
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
}
