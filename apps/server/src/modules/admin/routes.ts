import { API_ADMIN } from '@kabuto/contract';
import { defineModule } from '../../module';
import { audit, operatorLogin, requireOperator } from './auth';

export const ADMIN_PREFIX = '/api/admin';

/** Operator sign-in and the operator guard every back-office call goes through (SPEC §9). */
export const adminModule = defineModule({ name: 'admin', dependencies: [] }, (app, ctx) => {
  app.decorate('admin', {
    requireOperator: (req, reply, need) => requireOperator(ctx, req, reply, need),
  });

  app.post(
    `${ADMIN_PREFIX}/login`,
    {
      schema: { ...API_ADMIN.login.doc, body: API_ADMIN.login.request },
      attachValidation: true,
      config: { rateLimit: { max: ctx.config.loginRateLimitPerMinute, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      const body = API_ADMIN.login.request.safeParse(req.body ?? {});
      if (!body.success)
        return reply
          .code(400)
          .send({ error: 'bad_request', field: String(body.error.issues[0]?.path[0] ?? 'body') });
      const session = await operatorLogin(ctx, body.data.username, body.data.password, body.data.code);
      if ('refused' in session) return reply.code(401).send({ error: session.refused });
      // The sign-in is the operator's own act: attributed to them, not to the system.
      const signedIn = await ctx.db
        .selectFrom('operators')
        .select('id')
        .where('username', '=', body.data.username)
        .executeTakeFirst();
      await audit(
        ctx.db,
        {
          operatorId: signedIn?.id ?? null,
          action: 'operator_login',
          targetType: 'operator',
          targetId: body.data.username,
          reason: null,
        },
        ctx.clock.now(),
      );
      return session;
    },
  );
});
