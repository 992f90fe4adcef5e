import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/database';
import type { Executor } from '../../db/schema';
import { hashPassword, hashToken, newToken, verifyPassword } from '../../http/auth';
import { totpValid } from '../../http/totp';

export const OPERATOR_ROLES = ['admin', 'reviewer', 'operator'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
export interface Operator {
  id: number;
  username: string;
  role: OperatorRole;
}

const OPERATOR_SESSION_HOURS = 12;
/** A session's last-seen time is written at most this often. */
const OPERATOR_TOUCH_MS = 60_000;

/**
 * SPEC §9: admin everything (user care, audit log, operator accounts); reviewer the review
 * queues; operator listings, news, messages, config. Every role sees the dashboard ('view').
 */
export type Capability = 'review' | 'list' | 'admin' | 'view';
export const ROLE_CAN: Record<OperatorRole, ReadonlySet<Capability>> = {
  admin: new Set(['review', 'list', 'admin', 'view']),
  reviewer: new Set(['review', 'view']),
  operator: new Set(['list', 'view']),
};

export async function ensureFirstOperator(ctx: AppContext, password: string): Promise<boolean> {
  const existing = await ctx.db
    .selectFrom('operators')
    .select('id')
    .where('username', '=', 'admin')
    .executeTakeFirst();
  if (existing) return false;
  await ctx.db
    .insertInto('operators')
    .values({
      username: 'admin',
      password_hash: await hashPassword(password),
      role: 'admin',
      created_at: ctx.clock.now(),
    })
    .onConflict((oc) => oc.column('username').doNothing())
    .execute();
  return true;
}

/** A hash to verify against when the name is unknown, so timing does not reveal who exists. */
let dummyHash: Promise<string> | null = null;

/**
 * Operator login (SPEC §6.1 applied to the back office): repeated failures lock the name for a
 * while, whether or not an operator of that name exists, so the answers do not reveal who
 * exists; the lock is audited. Answers the session, or the refusal's key.
 */
export async function operatorLogin(
  ctx: AppContext,
  username: string,
  password: string,
  totpCode?: string,
): Promise<
  | { token: string; role: OperatorRole }
  | { refused: 'login_failed' | 'locked_out' | 'totp_required' | 'totp_invalid' }
> {
  const now = ctx.clock.now();
  const attempts = await ctx.db
    .selectFrom('operator_login_attempts')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirst();
  if (attempts?.locked_until && attempts.locked_until.getTime() > now.getTime())
    return { refused: 'locked_out' };
  const op = await ctx.db
    .selectFrom('operators')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirst();
  dummyHash ??= hashPassword('not-a-real-password');
  const passwordOk = await verifyPassword(op?.password_hash ?? (await dummyHash), password);
  // With a second factor, the right password alone asks for the code; a wrong code is a failure.
  if (op?.totp_enabled && passwordOk && !op.disabled && !totpCode) return { refused: 'totp_required' };
  const secondFactorOk =
    !op?.totp_enabled || (await totpValid(ctx.config.totpKey, op.totp_secret ?? '', totpCode ?? '', now));
  if (!op || op.disabled || !passwordOk || !secondFactorOk) {
    const failures = (attempts?.failures ?? 0) + 1;
    const lock = failures >= ctx.config.loginMaxFailures;
    const lockedUntil = lock ? new Date(now.getTime() + ctx.config.loginLockMinutes * 60_000) : null;
    await inTransaction(ctx.db, async (trx) => {
      await trx
        .insertInto('operator_login_attempts')
        .values({ username, failures: lock ? 0 : failures, locked_until: lockedUntil })
        .onConflict((oc) =>
          oc.column('username').doUpdateSet({ failures: lock ? 0 : failures, locked_until: lockedUntil }),
        )
        .execute();
      if (lock)
        await audit(
          trx,
          {
            operatorId: null,
            action: 'operator_locked',
            targetType: 'operator',
            targetId: username,
            reason: 'repeated_login_failures',
            details: { failures, until: lockedUntil?.toISOString(), exists: Boolean(op) },
          },
          now,
        );
    });
    // The right password with a wrong code says the code is wrong (the name and password are
    // already proven), so the operator retypes the code rather than the password.
    const codeWrong = Boolean(op && passwordOk && !op.disabled && op.totp_enabled && !secondFactorOk);
    return { refused: lock ? 'locked_out' : codeWrong ? 'totp_invalid' : 'login_failed' };
  }
  if (attempts) await ctx.db.deleteFrom('operator_login_attempts').where('username', '=', username).execute();
  const { token, tokenHash } = newToken();
  await ctx.db
    .insertInto('operator_sessions')
    .values({
      operator_id: op.id,
      token_hash: tokenHash,
      expires_at: new Date(now.getTime() + OPERATOR_SESSION_HOURS * 3_600_000),
      created_at: now,
    })
    .execute();
  return { token, role: op.role as OperatorRole };
}

/** Resolves `Authorization: Bearer <token>`; answers 401/403 itself and returns null when refused. */
export async function requireOperator(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  need: Capability,
): Promise<Operator | null> {
  const header = req.headers.authorization;
  const token = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : null;
  const row = token
    ? await ctx.db
        .selectFrom('operator_sessions')
        .innerJoin('operators', 'operators.id', 'operator_sessions.operator_id')
        .select([
          'operators.id',
          'operators.username',
          'operators.role',
          'operators.disabled',
          'operator_sessions.id as sessionId',
          'operator_sessions.expires_at',
          'operator_sessions.created_at',
          'operator_sessions.last_seen_at',
        ])
        .where('operator_sessions.token_hash', '=', hashToken(token))
        .executeTakeFirst()
    : undefined;
  const now = ctx.clock.now().getTime();
  const lastSeen = (row?.last_seen_at ?? row?.created_at)?.getTime() ?? 0;
  if (
    !row ||
    row.disabled ||
    row.expires_at.getTime() <= now ||
    now - lastSeen > ctx.config.operatorIdleMinutes * 60_000
  ) {
    await reply.code(401).send({ error: 'unauthorized' });
    return null;
  }
  if (now - lastSeen > OPERATOR_TOUCH_MS)
    await ctx.db
      .updateTable('operator_sessions')
      .set({ last_seen_at: new Date(now) })
      .where('id', '=', row.sessionId)
      .execute();
  const role = row.role as OperatorRole;
  if (!ROLE_CAN[role].has(need)) {
    await reply.code(403).send({ error: 'forbidden' });
    return null;
  }
  return { id: row.id, username: row.username, role };
}

/** SPEC §0.6: every operator action lands in the audit log with who, when, what and why. */
export async function audit(
  db: Executor,
  entry: {
    operatorId: number | null;
    action: string;
    targetType: string;
    targetId: string | number;
    reason: string | null;
    details?: unknown;
  },
  now: Date,
) {
  await db
    .insertInto('audit_log')
    .values({
      operator_id: entry.operatorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: String(entry.targetId),
      reason: entry.reason,
      details: JSON.stringify(entry.details ?? {}),
      created_at: now,
    })
    .execute();
}

/** The admin module's port: operator authentication for every back-office call. */
export interface AdminPort {
  /** The signed-in operator allowed `need`, or null after answering 401/403 itself. */
  requireOperator(req: FastifyRequest, reply: FastifyReply, need: Capability): Promise<Operator | null>;
}
