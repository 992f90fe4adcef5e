import { API } from '@kabuto/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import * as passkeys from './passkeys';
import * as security from './security';
import * as users from './service';

/** The session a signed-in request came in (set by authenticate). */
export const sessionOf = (req: FastifyRequest) => (req as FastifyRequest & { sessionId: number }).sessionId;
/** Where a sign-in comes from, for the sessions list and the new-device message. */
export const clientOf = (req: FastifyRequest): users.Client => ({
  userAgent: req.headers['user-agent'],
  address: req.ip,
});

/**
 * Sign-in security (SPEC §13.1): passkeys, TOTP and recovery codes, a second factor at password
 * sign-in, step-up. Adding a factor while one is on needs a step-up too: otherwise a stolen
 * session could add its own factor and step up with it.
 */
export function securityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const signIn = { perMinute: ctx.config.loginRateLimitPerMinute };
  route(app, ctx, API.securityInfoCall, async ({ user, req }) => ({
    data: await security.securityInfo(ctx, user.id, sessionOf(req)),
  }));
  route(
    app,
    ctx,
    API.passkeyOptionsCall,
    async ({ user, req }) => ({ data: await passkeys.passkeyOptions(ctx, user.id, sessionOf(req)) }),
    { stepUp: 'account' },
  );
  route(
    app,
    ctx,
    API.passkeyAddCall,
    async ({ user, req, body }) => ({
      msg: 'add',
      data: await passkeys.passkeyAdd(ctx, user.id, sessionOf(req), body.credential, body.name),
    }),
    { stepUp: 'account' },
  );
  route(app, ctx, API.passkeyRenameCall, async ({ user, body }) => {
    await passkeys.passkeyRename(ctx, user.id, body.id, body.name);
    return { msg: 'modify', data: null };
  });
  route(
    app,
    ctx,
    API.passkeyDeleteCall,
    async ({ user, body, req }) => {
      await passkeys.passkeyDelete(ctx, user.id, body.id);
      await users.endSessions(ctx, user.id, sessionOf(req));
      return { msg: 'modify', data: null };
    },
    { stepUp: 'account' },
  );
  route(
    app,
    ctx,
    API.passkeyLoginOptionsCall,
    async () => ({ data: await passkeys.passkeyLoginOptions(ctx) }),
    signIn,
  );
  route(
    app,
    ctx,
    API.passkeyLoginCall,
    async ({ body, req }) => ({
      msg: 'login',
      data: await users.passkeyLogin(ctx, body.credential, clientOf(req)),
    }),
    signIn,
  );
  route(
    app,
    ctx,
    API.totpSetupCall,
    async ({ user }) => ({ data: await security.totpSetup(ctx, user.id, user.account) }),
    { stepUp: 'account' },
  );
  route(
    app,
    ctx,
    API.totpEnableCall,
    async ({ user, body }) => ({ msg: 'modify', data: await security.totpEnable(ctx, user.id, body.code) }),
    { stepUp: 'account' },
  );
  route(
    app,
    ctx,
    API.totpDisableCall,
    async ({ user, req }) => {
      await security.totpDisable(ctx, user.id);
      await users.endSessions(ctx, user.id, sessionOf(req));
      return { msg: 'modify', data: null };
    },
    { stepUp: 'account' },
  );
  route(
    app,
    ctx,
    API.recoveryCodesCall,
    async ({ user }) => ({ data: await security.recoveryCodes(ctx, user.id) }),
    {
      stepUp: 'account',
    },
  );
  route(
    app,
    ctx,
    API.loginSecondFactorCall,
    async ({ body, req }) => ({
      msg: 'login',
      data: await users.loginSecondFactor(ctx, body, clientOf(req)),
    }),
    signIn,
  );
  route(app, ctx, API.stepUpOptionsCall, async ({ user, req }) => ({
    data: await security.stepUpOptions(ctx, user.id, sessionOf(req)),
  }));
  route(app, ctx, API.stepUpCall, async ({ user, body, req }) => ({
    data: await security.stepUp(ctx, user.id, sessionOf(req), body),
  }));
}
