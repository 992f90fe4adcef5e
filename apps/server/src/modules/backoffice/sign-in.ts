import { admin } from '@kabuto/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { audit, operatorLogin } from '../admin/port';
import { adminCall } from './http';

/** Operator sign-in (SPEC §9): rate-limited per address, and audited as the operator's own act. */
export function signInRoutes(app: FastifyInstance, ctx: AppContext): void {
  adminCall(
    app,
    admin.auth.login,
    async ({ body, reply }) => {
      const session = await operatorLogin(ctx, body.username, body.password, body.code);
      if ('refused' in session) return reply.code(401).send({ error: session.refused });
      // The sign-in is the operator's own act: attributed to them, not to the system.
      const signedIn = await ctx.db
        .selectFrom('operators')
        .select('id')
        .where('username', '=', body.username)
        .executeTakeFirst();
      await audit(
        ctx.db,
        {
          operatorId: signedIn?.id ?? null,
          action: 'operator_login',
          targetType: 'operator',
          targetId: body.username,
          reason: null,
        },
        ctx.clock.now(),
      );
      return session;
    },
    { perMinute: ctx.config.loginRateLimitPerMinute },
  );
}
