import { admin } from '@kabuto/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/database';
import { audit } from '../admin/port';
import { deviceOf, factorsOf, resetSecondFactors, sendFactorsResetMessage } from '../users/port';
import { adminCall } from './http';
import { userRow } from './users';

const SESSIONS_SHOWN = 50;

/**
 * An investor's sign-in security in the back office (SPEC §13.1): which factors they have (never a
 * secret) and their sessions; resetting every second factor takes a reason, is audited, ends
 * every session and sends the investor a message.
 */
export function securityRoutes(app: FastifyInstance, ctx: AppContext): void {
  adminCall(app, admin.users.security, async ({ params }) => {
    await userRow(ctx, params.id);
    const now = ctx.clock.now();
    const sessions = await ctx.db
      .selectFrom('sessions')
      .select(['id', 'user_agent', 'address', 'created_at', 'last_seen_at', 'stepped_up_at'])
      .where('user_id', '=', params.id)
      .where('ended_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('last_seen_at', 'desc')
      .limit(SESSIONS_SHOWN)
      .execute();
    return {
      factors: await factorsOf(ctx, params.id),
      sessions: sessions.map((s) => ({
        id: s.id,
        device: deviceOf(s.user_agent).device,
        address: s.address,
        createdAt: s.created_at.toISOString(),
        lastSeenAt: s.last_seen_at.toISOString(),
        steppedUpAt: s.stepped_up_at?.toISOString() ?? null,
      })),
    };
  });

  adminCall(app, admin.users.resetFactors, async ({ params, body, operator }) => {
    const user = await userRow(ctx, params.id);
    const now = ctx.clock.now();
    const result = await inTransaction(ctx.db, async (trx) => {
      const removed = await resetSecondFactors(ctx, trx, params.id);
      const ended = await trx
        .updateTable('sessions')
        .set({ ended_at: now })
        .where('user_id', '=', params.id)
        .where('ended_at', 'is', null)
        .returning('id')
        .execute();
      await audit(
        trx,
        {
          operatorId: operator.id,
          action: 'user_factors_reset',
          targetType: 'user',
          targetId: params.id,
          reason: body.reason,
          details: { account: user.account, ...removed, sessionsEnded: ended.length },
        },
        now,
      );
      await sendFactorsResetMessage(trx, params.id, body.reason, now);
      return { ...removed, sessionsEnded: ended.length };
    });
    ctx.sessions.forgetUser(params.id);
    return result;
  });
}
