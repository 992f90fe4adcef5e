import { admin } from '@kabuto/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/database';
import { hashPassword, hashToken } from '../../http/auth';
import { newTotpSecret, sealTotpSecret, totpUri, totpValid } from '../../http/totp';
import { audit, type OperatorRole } from '../admin/port';
import { adminCall, refuseAdmin } from './http';

/** Operator accounts (SPEC §9: the admin role manages them). */
export function operatorRoutes(app: FastifyInstance, ctx: AppContext): void {
  adminCall(app, admin.auth.me, async ({ operator }) => operator);

  adminCall(app, admin.auth.logout, async ({ req }) => {
    const token = String(req.headers.authorization ?? '').slice('Bearer '.length);
    await ctx.db.deleteFrom('operator_sessions').where('token_hash', '=', hashToken(token)).execute();
    return { ok: true };
  });

  // An optional second factor (TOTP, RFC 6238) each operator turns on for themselves.
  adminCall(app, admin.auth.totpSetup, async ({ operator }) => {
    const current = await ctx.db
      .selectFrom('operators')
      .select('totp_enabled')
      .where('id', '=', operator.id)
      .executeTakeFirstOrThrow();
    if (current.totp_enabled) return refuseAdmin(409, 'totp_enabled');
    const secret = newTotpSecret();
    await ctx.db
      .updateTable('operators')
      .set({ totp_secret: sealTotpSecret(ctx.config.totpKey, secret) })
      .where('id', '=', operator.id)
      .execute();
    return { secret, uri: totpUri(operator.username, secret) };
  });
  adminCall(app, admin.auth.totpEnable, async ({ operator, body }) => {
    const row = await ctx.db
      .selectFrom('operators')
      .select(['totp_secret', 'totp_enabled'])
      .where('id', '=', operator.id)
      .executeTakeFirstOrThrow();
    if (row.totp_enabled) return refuseAdmin(409, 'totp_enabled');
    if (!(await totpValid(ctx.config.totpKey, row.totp_secret ?? '', body.code, ctx.clock.now())))
      return refuseAdmin(400, 'totp_invalid', 'code');
    await inTransaction(ctx.db, async (trx) => {
      await trx.updateTable('operators').set({ totp_enabled: true }).where('id', '=', operator.id).execute();
      await audit(
        trx,
        {
          operatorId: operator.id,
          action: 'operator_totp_on',
          targetType: 'operator',
          targetId: operator.id,
          reason: null,
        },
        ctx.clock.now(),
      );
    });
    return { enabled: true };
  });
  adminCall(app, admin.auth.totpState, async ({ operator }) => {
    const row = await ctx.db
      .selectFrom('operators')
      .select('totp_enabled')
      .where('id', '=', operator.id)
      .executeTakeFirstOrThrow();
    return { enabled: row.totp_enabled };
  });

  adminCall(app, admin.operators.list, async () => {
    const now = ctx.clock.now().getTime();
    const rows = await ctx.db
      .selectFrom('operators as o')
      .leftJoin('operator_login_attempts as a', 'a.username', 'o.username')
      .select([
        'o.id',
        'o.username',
        'o.role',
        'o.disabled',
        'o.totp_enabled',
        'o.created_at',
        'a.locked_until',
      ])
      .orderBy('o.id')
      .execute();
    return {
      list: rows.map((r) => ({
        id: r.id,
        username: r.username,
        role: r.role as OperatorRole,
        disabled: r.disabled,
        totp: r.totp_enabled,
        lockedUntil: r.locked_until && r.locked_until.getTime() > now ? r.locked_until.toISOString() : null,
        createdAt: r.created_at.toISOString(),
      })),
    };
  });

  adminCall(app, admin.operators.create, async ({ body, operator }) => {
    const passwordHash = await hashPassword(body.password);
    const now = ctx.clock.now();
    return inTransaction(ctx.db, async (trx) => {
      const row = await trx
        .insertInto('operators')
        .values({ username: body.username, password_hash: passwordHash, role: body.role, created_at: now })
        .onConflict((oc) => oc.column('username').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) return refuseAdmin(409, 'account_exists', 'username');
      await audit(
        trx,
        {
          operatorId: operator.id,
          action: 'operator_create',
          targetType: 'operator',
          targetId: row.id,
          reason: null,
          details: { after: { username: body.username, role: body.role } },
        },
        now,
      );
      return { id: row.id };
    });
  });

  adminCall(app, admin.operators.update, async ({ params, body, operator }) => {
    // An admin cannot lock themselves out (someone must always be able to manage accounts).
    if (params.id === operator.id && (body.disabled === true || (body.role && body.role !== 'admin')))
      return refuseAdmin(409, 'own_account', 'id');
    const now = ctx.clock.now();
    return inTransaction(ctx.db, async (trx) => {
      const before = await trx
        .selectFrom('operators')
        .select(['username', 'role', 'disabled', 'totp_enabled'])
        .where('id', '=', params.id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) return refuseAdmin(404, 'not_found', 'id');
      const after = {
        role: body.role ?? before.role,
        disabled: body.disabled ?? before.disabled,
        totp_enabled: body.totpOff ? false : before.totp_enabled,
      };
      await trx
        .updateTable('operators')
        .set({ ...after, ...(body.totpOff ? { totp_secret: null } : {}) })
        .where('id', '=', params.id)
        .execute();
      // A disabled operator's sessions end now.
      if (after.disabled)
        await trx.deleteFrom('operator_sessions').where('operator_id', '=', params.id).execute();
      await audit(
        trx,
        {
          operatorId: operator.id,
          action: 'operator_update',
          targetType: 'operator',
          targetId: params.id,
          reason: body.reason,
          details: {
            username: before.username,
            before: { role: before.role, disabled: before.disabled },
            after,
          },
        },
        now,
      );
      return {
        id: params.id,
        role: after.role as OperatorRole,
        disabled: after.disabled,
        totp: after.totp_enabled,
      };
    });
  });

  adminCall(app, admin.operators.resetPassword, async ({ params, body, operator }) => {
    const passwordHash = await hashPassword(body.password);
    const now = ctx.clock.now();
    return inTransaction(ctx.db, async (trx) => {
      const target = await trx
        .updateTable('operators')
        .set({ password_hash: passwordHash })
        .where('id', '=', params.id)
        .returning('username')
        .executeTakeFirst();
      if (!target) return refuseAdmin(404, 'not_found', 'id');
      await trx.deleteFrom('operator_sessions').where('operator_id', '=', params.id).execute();
      await trx.deleteFrom('operator_login_attempts').where('username', '=', target.username).execute();
      await audit(
        trx,
        {
          operatorId: operator.id,
          action: 'operator_password_reset',
          targetType: 'operator',
          targetId: params.id,
          reason: body.reason,
          details: { username: target.username },
        },
        now,
      );
      return { id: params.id };
    });
  });
}
