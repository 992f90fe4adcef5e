import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import type { User } from '../db/schema';
import { DomainError } from '../errors';
import { checkSecret } from './secrets';

export type { User } from '../db/schema';

export { hashPassword, verifyPassword } from './secrets';

/** 256 random bits; only the SHA-256 of a token is stored. */
export function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** How often a session's last-seen time is written (idle expiry needs minute precision only). */
const TOUCH_INTERVAL_MS = 60_000;

/** Longest `account` header read (accounts are at most 40 characters; percent-encoding triples that). */
const ACCOUNT_HEADER_MAX = 200;

/** The `account` header, percent-decoded; null when absent, repeated, too long or malformed. */
function accountHeader(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > ACCOUNT_HEADER_MAX) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    // A malformed percent-encoding is a wrong account, not a fault (answered 401).
    return null;
  }
}

const resolved = new WeakMap<FastifyRequest, Promise<User | null>>();

/**
 * The request's session, resolved once per request: the per-account rate limit (route.ts) asks
 * for it before the handler does.
 */
export function authenticateOnce(ctx: AppContext, req: FastifyRequest): Promise<User | null> {
  let user = resolved.get(req);
  if (!user) {
    user = authenticate(ctx, req);
    resolved.set(req, user);
  }
  return user;
}

/**
 * Resolves the session from the `token` and `account` headers. Returns null when missing,
 * malformed, unknown, ended, idle too long, past its absolute expiry, or for another account. The
 * session row and its account come from the node's short-lived cache when present
 * (session-cache.ts).
 */
export async function authenticate(ctx: AppContext, req: FastifyRequest): Promise<User | null> {
  const token = req.headers.token;
  const account = accountHeader(req.headers.account);
  if (typeof token !== 'string' || account === null) return null;
  const session = await resolveSession(ctx, token, account);
  if (!session) return null;
  (req as FastifyRequest & { sessionId?: number }).sessionId = session.sessionId;
  return session.user;
}

/**
 * The session a token and account name stand for, by the rules of `authenticate`: HTTP calls
 * bring them as headers, a WebSocket in its `auth` message (SPEC §13.3).
 */
export async function resolveSession(
  ctx: AppContext,
  token: string,
  account: string,
): Promise<{ user: User; sessionId: number } | null> {
  if (token.length < 16 || token.length > 128) return null;
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
  if (session.user.account !== account) return null;
  const idleLimit = now.getTime() - ctx.config.sessionIdleMinutes * 60_000;
  if (session.expiresAt.getTime() <= now.getTime() || session.lastSeenAt.getTime() < idleLimit) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    // Written as SQL rather than through the query builder so that the session cache, which
    // forgets sessions on updates of this table, keeps this one: only its last-seen time moves.
    await sql`UPDATE sessions SET last_seen_at = ${now} WHERE id = ${session.sessionId}`.execute(ctx.db);
    session.lastSeenAt = now;
  }
  return { user: session.user, sessionId: session.sessionId };
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
 * Checks the fund password (SPEC §6.1): unset answers `fund_password_unset`; a wrong one answers
 * `fund_password_wrong` and counts towards the user's one lock over every secret (secrets.ts).
 */
export async function verifyFundPassword(
  ctx: AppContext,
  userId: number,
  password: string | undefined,
): Promise<void> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['fund_password_hash', 'locked_until'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (!user.fund_password_hash) throw new DomainError('fund_password_unset');
  const field = 'fund_password';
  if (user.locked_until && user.locked_until.getTime() > ctx.clock.now().getTime())
    throw new DomainError('locked_out', { until: user.locked_until.toISOString(), field });
  // Nothing typed is not a guess: it is refused without counting.
  if (!password) throw new DomainError('fund_password_wrong', { field });
  await checkSecret(ctx, userId, 'fund', password, { key: 'fund_password_wrong', field });
}
