import { admin } from '@kabuto/contract';
import { defineModule } from '../../module';
import { adminCall } from '../backoffice/http';
import { audit, operatorLogin, requireOperator } from './auth';

/** Operator sign-in and the operator guard every back-office call goes through (SPEC §9). */
export const adminModule = defineModule({ name: 'admin', dependencies: [] }, (app, ctx) => {
  app.decorate('admin', {
    requireOperator: (req, reply, need) => requireOperator(ctx, req, reply, need),
  });

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
});
