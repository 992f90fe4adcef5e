import { API } from '@kabuto/contract';
import { DomainError } from '../../errors';
import { route } from '../../http/route';
import { defineModule } from '../../module';
import { clientOf, securityRoutes, sessionOf } from './security-routes';
import * as users from './service';

/** Registration, sessions, passwords, the account summary and fund records (SPEC §3, §4, §6.1). */
export const usersModule = defineModule({ name: 'users', dependencies: [] }, (app, platform) => {
  const accounts = new users.AccountsPort();
  app.decorate('accounts', accounts);
  const ctx: users.UsersContext = { ...platform, accounts };
  app.addHook('onReady', async () => accounts.assertComplete());
  route(
    app,
    ctx,
    API.registerCall,
    async ({ body, req }) => ({
      msg: 'register',
      data: await users.register(ctx, body, clientOf(req)),
    }),
    {
      perMinute: ctx.config.loginRateLimitPerMinute,
    },
  );
  route(
    app,
    ctx,
    API.loginCall,
    async ({ body, req }) => ({
      msg: 'login',
      data: await users.login(ctx, body, clientOf(req)),
    }),
    {
      perMinute: ctx.config.loginRateLimitPerMinute,
    },
  );
  route(app, ctx, API.logoutCall, async ({ req }) => {
    await users.logout(ctx, sessionOf(req));
    return { msg: 'logout', data: null };
  });
  route(app, ctx, API.logoutAllCall, async ({ user }) => ({
    msg: 'logout',
    data: { ended: await users.logoutAll(ctx, user.id) },
  }));
  route(app, ctx, API.sessionsCall, async ({ user, req }) => ({
    data: await users.activeSessions(ctx, user.id, sessionOf(req)),
  }));
  route(app, ctx, API.sessionEndCall, async ({ user, body }) => {
    await users.endSession(ctx, user.id, body.id);
    return { msg: 'logout', data: null };
  });
  route(app, ctx, API.getUserinfoCall, async ({ user }) => ({ data: await users.userInfo(ctx, user) }));
  route(app, ctx, API.summaryCall, async ({ user, body }) => ({
    data: await users.summary(ctx, user, body.type),
  }));
  route(app, ctx, API.acceptRiskCall, async ({ user, body }) => {
    if (!body.agree) throw new DomainError('agreement_required', { field: 'agree' });
    await ctx.db.updateTable('users').set({ risk_accepted: true }).where('id', '=', user.id).execute();
    ctx.sessions.forgetUser(user.id);
    return { msg: 'modify', data: null };
  });
  route(
    app,
    ctx,
    API.changePasswordCall,
    async ({ user, body, req }) => {
      await users.changePassword(ctx, user, 'login', body, sessionOf(req));
      return { msg: 'modify', data: null };
    },
    { stepUp: 'account' },
  );
  route(
    app,
    ctx,
    API.setFundPasswordCall,
    async ({ user, body }) => {
      await users.changePassword(ctx, user, 'fund', { password: body.password, repassword: body.repassword });
      return { msg: 'modify', data: null };
    },
    { stepUp: 'account' },
  );
  route(
    app,
    ctx,
    API.changeFundPasswordCall,
    async ({ user, body }) => {
      await users.changePassword(ctx, user, 'fund', body);
      return { msg: 'modify', data: null };
    },
    { stepUp: 'account' },
  );
  securityRoutes(app, ctx);
  route(app, ctx, API.fundRecordsCall, async ({ user, body }) => {
    if (body.kind === 'transactions')
      return { data: await users.ledgerRecords(ctx, user.id, body.page, body.size) };
    const source = accounts.fundRecordSources[body.kind];
    if (!source) throw new Error(`no source for fund records ${body.kind}`);
    const part = await source(ctx, user.id, body.page, body.size);
    return { data: { ...part, page: body.page, size: body.size } };
  });
});
