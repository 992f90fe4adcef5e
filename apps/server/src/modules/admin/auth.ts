import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/schema';
import { hashPassword, hashToken, newToken, verifyPassword } from '../../http/auth';

export const OPERATOR_ROLES = ['admin', 'reviewer', 'operator'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
export interface Operator {
  id: number;
  username: string;
  role: OperatorRole;
}

const OPERATOR_SESSION_HOURS = 12;

/** SPEC §9: admin everything; reviewer the review queues; operator listings, news, messages, config. */
export const ROLE_CAN: Record<OperatorRole, ReadonlySet<'review' | 'list' | 'admin'>> = {
  admin: new Set(['review', 'list', 'admin']),
  reviewer: new Set(['review']),
  operator: new Set(['list']),
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

export async function operatorLogin(ctx: AppContext, username: string, password: string) {
  const op = await ctx.db
    .selectFrom('operators')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirst();
  if (!op || op.disabled || !(await verifyPassword(op.password_hash, password))) return null;
  const { token, tokenHash } = newToken();
  const now = ctx.clock.now();
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
  need: 'review' | 'list' | 'admin',
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
          'operator_sessions.expires_at',
        ])
        .where('operator_sessions.token_hash', '=', hashToken(token))
        .executeTakeFirst()
    : undefined;
  if (!row || row.disabled || row.expires_at.getTime() <= ctx.clock.now().getTime()) {
    await reply.code(401).send({ error: 'unauthorized' });
    return null;
  }
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
