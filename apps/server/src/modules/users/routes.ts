import { API } from '@kabuto/contract';
import type { FastifyRequest } from 'fastify';
import type { Feature } from '../../context';
import { DomainError } from '../../errors';
import { route } from '../../http/route';
import * as users from './service';

export const usersFeature: Feature = {
  name: 'users',
  init(ctx) {
    ctx.valuations = [];
    ctx.fundRecordSources = {};
  },
  routes(app, ctx) {
    route(
      app,
      ctx,
      API.registerCall,
      async ({ body }) => ({ msg: 'register', data: await users.register(ctx, body) }),
      {
        perMinute: ctx.config.loginRateLimitPerMinute,
      },
    );
    route(
      app,
      ctx,
      API.loginCall,
      async ({ body }) => ({ msg: 'login', data: await users.login(ctx, body) }),
      {
        perMinute: ctx.config.loginRateLimitPerMinute,
      },
    );
    route(app, ctx, API.logoutCall, async ({ req }) => {
      await users.logout(ctx, (req as FastifyRequest & { sessionId: number }).sessionId);
      return { msg: 'logout', data: null };
    });
    route(app, ctx, API.getUserinfoCall, async ({ user }) => ({ data: await users.userInfo(ctx, user) }));
    route(app, ctx, API.summaryCall, async ({ user, body }) => ({
      data: await users.summary(ctx, user, body.type),
    }));
    route(app, ctx, API.acceptRiskCall, async ({ user, body }) => {
      if (!body.agree) throw new DomainError('agreement_required', { field: 'agree' });
      await ctx.db.updateTable('users').set({ risk_accepted: true }).where('id', '=', user.id).execute();
      return { msg: 'modify', data: null };
    });
    route(app, ctx, API.changePasswordCall, async ({ user, body }) => {
      await users.changePassword(ctx, user, 'login', body);
      return { msg: 'modify', data: null };
    });
    route(app, ctx, API.setFundPasswordCall, async ({ user, body }) => {
      await users.changePassword(ctx, user, 'fund', { password: body.password, repassword: body.repassword });
      return { msg: 'modify', data: null };
    });
    route(app, ctx, API.changeFundPasswordCall, async ({ user, body }) => {
      await users.changePassword(ctx, user, 'fund', body);
      return { msg: 'modify', data: null };
    });
    route(app, ctx, API.fundRecordsCall, async ({ user, body }) => {
      if (body.kind === 'transactions')
        return { data: await users.ledgerRecords(ctx, user.id, body.page, body.size) };
      const source = ctx.fundRecordSources[body.kind];
      const part = source ? await source(ctx, user.id, body.page, body.size) : { list: [], total: 0 };
      return { data: { ...part, page: body.page, size: body.size } };
    });
  },
};
