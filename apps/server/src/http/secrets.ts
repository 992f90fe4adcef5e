import { hash, verify } from '@node-rs/argon2';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { DomainError } from '../errors';

/** Argon2id with the library's defaults (memory-hard, OWASP-recommended parameters). */
export const hashPassword = (password: string) => hash(password);
export const verifyPassword = async (passwordHash: string, password: string) => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

/** A hash to verify against when there is nothing to check, so timing does not tell the cases apart. */
let dummyHash: Promise<string> | null = null;
async function verifyNothing(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummyHash, password);
}

/** Which of the user's secrets a check is against. */
export type SecretKind = 'login' | 'fund';

/** What a wrong secret answers: its own key, naming the field it came in (if any). */
export interface WrongAnswer {
  key: 'login_failed' | 'password_wrong' | 'fund_password_wrong' | 'second_factor_wrong' | 'passkey_invalid';
  field?: string;
}

interface Window {
  now: Date;
  /** Failures before this no longer count. */
  cutoff: Date;
  lockUntil: Date;
}

function lockWindow(ctx: AppContext): Window {
  const now = ctx.clock.now();
  const span = ctx.config.loginLockMinutes * 60_000;
  return { now, cutoff: new Date(now.getTime() - span), lockUntil: new Date(now.getTime() + span) };
}

function lockedOut(until: Date, field: string | undefined): DomainError {
  return new DomainError('locked_out', { until: until.toISOString(), ...(field ? { field } : {}) });
}

/**
 * Checks one of a user's secrets (SPEC §6.1) under the user's one lock: wrong login passwords,
 * wrong original passwords and wrong fund passwords all count towards the same
 * `loginMaxFailures` within `loginLockMinutes`, and the lock refuses every secret (the right one
 * too) until it ends.
 *
 * An attempt is counted before its password is verified, in one conditional update, so attempts
 * sent in parallel cannot verify more than the allowed number of guesses: one beyond them is
 * answered `too_frequent` unverified and uncounted (a burst of right passwords from the user's own
 * device therefore never locks). A right secret clears the count. Writes are their own
 * statements: a refused request still counts.
 */
export async function checkSecret(
  ctx: AppContext,
  userId: number,
  kind: SecretKind,
  password: string,
  wrong: WrongAnswer,
  options: { clearOnRight?: boolean } = {},
): Promise<void> {
  await checkAttempt(
    ctx,
    userId,
    async (secrets) => {
      const secretHash = kind === 'login' ? secrets.password_hash : secrets.fund_password_hash;
      return secretHash !== null && (await verifyPassword(secretHash, password));
    },
    wrong,
    options,
  );
}

/**
 * One attempt at any of a user's secrets or second factors, counted under the user's one lock
 * (see checkSecret): `verify` says whether the attempt was right. A right one clears the count
 * unless `clearOnRight` is false — a right password that still needs a second factor (SPEC §13.1)
 * leaves the wrong codes counted, so signing in again does not buy more guesses.
 */
export async function checkAttempt(
  ctx: AppContext,
  userId: number,
  verify: (secrets: { password_hash: string; fund_password_hash: string | null }) => Promise<boolean>,
  wrong: WrongAnswer,
  options: { clearOnRight?: boolean } = {},
): Promise<void> {
  const w = lockWindow(ctx);
  const attempt = await ctx.db
    .updateTable('users')
    .set({
      login_failures: sql<number>`CASE WHEN secret_failed_at IS NULL OR secret_failed_at <= ${w.cutoff} THEN 1 ELSE login_failures + 1 END`,
      secret_failed_at: w.now,
    })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', w.now)]))
    .returning(['login_failures', 'password_hash', 'fund_password_hash'])
    .executeTakeFirst();
  if (!attempt) {
    const row = await ctx.db
      .selectFrom('users')
      .select('locked_until')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    throw lockedOut(row.locked_until ?? w.lockUntil, wrong.field);
  }
  if (attempt.login_failures > ctx.config.loginMaxFailures) {
    // More attempts in flight than the lock allows: refused unverified, and not counted.
    await ctx.db
      .updateTable('users')
      .set({ login_failures: sql<number>`GREATEST(login_failures - 1, 0)` })
      .where('id', '=', userId)
      .execute();
    throw new DomainError('too_frequent', wrong.field ? { field: wrong.field } : undefined);
  }
  const right = await verify(attempt);
  if (right && options.clearOnRight === false) {
    // Not counted as a failure either: the attempt is undone.
    await ctx.db
      .updateTable('users')
      .set({ login_failures: sql<number>`GREATEST(login_failures - 1, 0)` })
      .where('id', '=', userId)
      .execute();
    return;
  }
  if (right) {
    await ctx.db
      .updateTable('users')
      .set({ login_failures: 0, secret_failed_at: null, locked_until: null })
      .where('id', '=', userId)
      .execute();
    return;
  }
  if (attempt.login_failures >= ctx.config.loginMaxFailures) {
    await ctx.db
      .updateTable('users')
      .set({ login_failures: 0, locked_until: w.lockUntil })
      .where('id', '=', userId)
      .execute();
    throw lockedOut(w.lockUntil, wrong.field);
  }
  throw new DomainError(wrong.key, wrong.field ? { field: wrong.field } : undefined);
}

/**
 * A login with a name that has no account (SPEC §6.1): it answers exactly as a wrong password of
 * an existing account would — `login_failed`, then `locked_out` after the same number of tries
 * for the same time — so the answers do not reveal which accounts exist. The lock state lives in
 * `login_throttle`; rows whose failures have expired are pruned as new ones come.
 */
export async function refuseUnknownLogin(ctx: AppContext, account: string, password: string): Promise<never> {
  const w = lockWindow(ctx);
  await ctx.db
    .deleteFrom('login_throttle')
    .where('failed_at', '<=', w.cutoff)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', w.now)]))
    .execute();
  const attempt = await ctx.db
    .insertInto('login_throttle')
    .values({ account, failures: 1, failed_at: w.now, locked_until: null })
    .onConflict((oc) =>
      oc
        .column('account')
        .doUpdateSet({
          failures: sql<number>`CASE WHEN login_throttle.failed_at <= ${w.cutoff} THEN 1 ELSE login_throttle.failures + 1 END`,
          failed_at: w.now,
          locked_until: null,
        })
        .where((eb) =>
          eb.or([
            eb('login_throttle.locked_until', 'is', null),
            eb('login_throttle.locked_until', '<=', w.now),
          ]),
        ),
    )
    .returning('failures')
    .executeTakeFirst();
  if (!attempt) {
    const row = await ctx.db
      .selectFrom('login_throttle')
      .select('locked_until')
      .where('account', '=', account)
      .executeTakeFirst();
    throw lockedOut(row?.locked_until ?? w.lockUntil, undefined);
  }
  if (attempt.failures > ctx.config.loginMaxFailures) {
    await ctx.db
      .updateTable('login_throttle')
      .set({ failures: sql<number>`GREATEST(failures - 1, 0)` })
      .where('account', '=', account)
      .execute();
    throw new DomainError('too_frequent');
  }
  await verifyNothing(password);
  if (attempt.failures >= ctx.config.loginMaxFailures) {
    await ctx.db
      .updateTable('login_throttle')
      .set({ failures: 0, locked_until: w.lockUntil })
      .where('account', '=', account)
      .execute();
    throw lockedOut(w.lockUntil, undefined);
  }
  throw new DomainError('login_failed');
}
