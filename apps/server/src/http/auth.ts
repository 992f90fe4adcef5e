import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { FastifyRequest } from 'fastify';
import { type Selectable, sql } from 'kysely';
import type { AppContext } from '../context';
import type { Executor, UsersTable } from '../db/schema';
import { DomainError } from '../errors';

export type User = Selectable<UsersTable>;

/** Argon2id with the library's defaults (memory-hard, OWASP-recommended parameters). */
export const hashPassword = (password: string) => hash(password);
export const verifyPassword = async (passwordHash: string, password: string) => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

/** 256 random bits; only the SHA-256 of a token is stored. */
export function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** How often a session's last-seen time is written (idle expiry needs minute precision only). */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Resolves the session from the `token` and `account` headers. Returns null when missing,
 * unknown, ended, idle too long, past its absolute expiry, or for another account. The session
 * row and its account come from the node's short-lived cache when present (session-cache.ts).
 */
export async function authenticate(ctx: AppContext, req: FastifyRequest): Promise<User | null> {
  const token = req.headers.token;
  const account = req.headers.account;
  if (typeof token !== 'string' || typeof account !== 'string' || token.length < 16 || token.length > 128)
    return null;
  const now = ctx.clock.now();
  const tokenHash = hashToken(token);
  let session = ctx.sessions.get(tokenHash);
  if (!session) {
    const row = await ctx.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select([
        'sessions.id as session_id',
        'sessions.last_seen_at',
        'sessions.expires_at',
        'sessions.ended_at',
      ])
      .where('sessions.token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!row || row.ended_at) return null;
    const { session_id, last_seen_at, expires_at, ended_at: _ended, ...user } = row;
    session = { user, sessionId: session_id, lastSeenAt: last_seen_at, expiresAt: expires_at };
    ctx.sessions.set(tokenHash, session);
  }
  if (session.user.account !== decodeURIComponent(account)) return null;
  const idleLimit = now.getTime() - ctx.config.sessionIdleMinutes * 60_000;
  if (session.expiresAt.getTime() <= now.getTime() || session.lastSeenAt.getTime() < idleLimit) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    // Written as SQL rather than through the query builder so that the session cache, which
    // forgets sessions on updates of this table, keeps this one: only its last-seen time moves.
    await sql`UPDATE sessions SET last_seen_at = ${now} WHERE id = ${session.sessionId}`.execute(ctx.db);
    session.lastSeenAt = now;
  }
  (req as FastifyRequest & { sessionId?: number }).sessionId = session.sessionId;
  return session.user;
}

/** What a call needs the account to be allowed to do (SPEC §5 account flags). */
export type Guard = 'use' | 'money' | 'trade';

/** Account flags are enforced here and nowhere else. */
export function assertAllowed(user: User, guard: Guard): void {
  if (user.banned) throw new DomainError('account_blocked', { reason: user.flag_reason });
  if (guard === 'money' && user.frozen)
    throw new DomainError('account_blocked', { reason: user.flag_reason });
  if (guard === 'trade' && user.trade_barred)
    throw new DomainError('trade_blocked', { reason: user.flag_reason });
}

/**
 * Checks the fund password (SPEC §6.1) in its own write, so a wrong attempt is counted even
 * though the refused request changes nothing else. Locks after repeated failures.
 */
export async function verifyFundPassword(
  ctx: AppContext,
  userId: number,
  password: string | undefined,
): Promise<void> {
  const db: Executor = ctx.db;
  const user = await db
    .selectFrom('users')
    .select(['fund_password_hash', 'fund_failures', 'fund_locked_until'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (!user.fund_password_hash) throw new DomainError('fund_password_unset');
  const now = ctx.clock.now();
  if (user.fund_locked_until && user.fund_locked_until.getTime() > now.getTime()) {
    throw new DomainError('locked_out', { until: user.fund_locked_until.toISOString() });
  }
  if (!password) throw new DomainError('fund_password_wrong', { field: 'fund_password' });
  if (await verifyPassword(user.fund_password_hash, password)) {
    if (user.fund_failures > 0)
      await db.updateTable('users').set({ fund_failures: 0 }).where('id', '=', userId).execute();
    return;
  }
  const failures = user.fund_failures + 1;
  const lock = failures >= ctx.config.fundPasswordMaxFailures;
  await db
    .updateTable('users')
    .set({
      fund_failures: lock ? 0 : failures,
      fund_locked_until: lock ? new Date(now.getTime() + ctx.config.fundPasswordLockMinutes * 60_000) : null,
    })
    .where('id', '=', userId)
    .execute();
  throw new DomainError(lock ? 'locked_out' : 'fund_password_wrong', { field: 'fund_password' });
}
