import { createHash, randomInt } from 'node:crypto';
import type { Language } from '@kabuto/contract';
import { generateAuthenticationOptions } from '@simplewebauthn/server';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/database';
import type { Executor } from '../../db/schema';
import { DomainError } from '../../errors';
import { checkAttempt, hashPassword, verifyPassword } from '../../http/secrets';
import { STEP_UP_MS, steppedUp } from '../../http/step-up';
import { newTotpSecret, sealTotpSecret, totpStep, totpUri } from '../../http/totp';
import { type I18nText, messages } from '../messages/port';
import './security-tables';
import {
  CODE_ALPHABET,
  type CredentialJson,
  challengeOf,
  fromB64,
  newChallenge,
  RECOVERY_CODES,
  refreshSecondFactor,
  relyingParty,
  takeChallenge,
} from './ceremony';
import { asOptions, passkeyOf, verifyAssertion } from './passkeys';

export async function securityInfo(ctx: AppContext, userId: number, sessionId: number) {
  const [passkeys, totp, codes, user, session] = await Promise.all([
    ctx.db
      .selectFrom('user_passkeys')
      .select(['id', 'name', 'created_at', 'last_used_at'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    ctx.db.selectFrom('user_totp').select('enabled_at').where('user_id', '=', userId).executeTakeFirst(),
    unusedRecoveryCodes(ctx.db, userId),
    ctx.db.selectFrom('users').select('second_factor').where('id', '=', userId).executeTakeFirstOrThrow(),
    ctx.db.selectFrom('sessions').select('stepped_up_at').where('id', '=', sessionId).executeTakeFirst(),
  ]);
  const at = session?.stepped_up_at ?? null;
  return {
    passkeys: passkeys.map((p) => ({
      id: p.id,
      name: p.name,
      createdAt: p.created_at.toISOString(),
      lastUsedAt: p.last_used_at?.toISOString() ?? null,
    })),
    totp: Boolean(totp?.enabled_at),
    recoveryCodesLeft: codes,
    secondFactor: user.second_factor,
    requireSecondFactor: ctx.config.requireSecondFactor,
    steppedUpUntil:
      at && steppedUp(at, ctx.clock.now()) ? new Date(at.getTime() + STEP_UP_MS).toISOString() : null,
  };
}

// ——— TOTP and recovery codes ———

export async function totpSetup(ctx: AppContext, userId: number, account: string) {
  const current = await ctx.db
    .selectFrom('user_totp')
    .select('enabled_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  // Already on: turning it on again would replace a working authenticator unseen.
  if (current?.enabled_at) throw new DomainError('bad_request', { field: 'totp' });
  const secret = newTotpSecret();
  const sealed = sealTotpSecret(ctx.config.totpKey, secret);
  await ctx.db
    .insertInto('user_totp')
    .values({ user_id: userId, secret: sealed, enabled_at: null, last_step: null })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ secret: sealed, enabled_at: null, last_step: null }),
    )
    .execute();
  return { secret, otpauth_uri: totpUri(account, secret) };
}

/** Turns TOTP on with its first code; answers ten new recovery codes. */
export async function totpEnable(ctx: AppContext, userId: number, code: string) {
  const row = await ctx.db
    .selectFrom('user_totp')
    .select(['secret', 'enabled_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row || row.enabled_at) throw new DomainError('second_factor_unset', { field: 'code' });
  const step = await totpStep(ctx.config.totpKey, row.secret, code.trim(), ctx.clock.now());
  if (step === null) throw new DomainError('second_factor_wrong', { field: 'code' });
  return inTransaction(ctx.db, async (trx) => {
    const on = await trx
      .updateTable('user_totp')
      .set({ enabled_at: ctx.clock.now(), last_step: step })
      .where('user_id', '=', userId)
      .where('enabled_at', 'is', null)
      .returning('user_id')
      .executeTakeFirst();
    if (!on) throw new DomainError('second_factor_wrong', { field: 'code' });
    await refreshSecondFactor(ctx, trx, userId);
    return { codes: await issueRecoveryCodes(ctx, trx, userId) };
  });
}

const normaliseCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');
/**
 * A recovery code carries 50 bits, under the 112 below which ASVS 5.0 (V6.5.2) asks for a salted
 * password hash: stored as Argon2id, as passwords are, so a copied table cannot be searched offline.
 */
const hashCode = (code: string) => hashPassword(normaliseCode(code));
/** Codes issued before that were stored as a plain SHA-256; they still work until renewed. */
const LEGACY_CODE_HASH = /^[0-9a-f]{64}$/;
async function codeMatches(codeHash: string, code: string): Promise<boolean> {
  const normal = normaliseCode(code);
  if (LEGACY_CODE_HASH.test(codeHash)) return createHash('sha256').update(normal).digest('hex') === codeHash;
  return verifyPassword(codeHash, normal);
}

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** Replaces the user's recovery codes with ten new ones, answered this once (stored hashed). */
async function issueRecoveryCodes(ctx: AppContext, db: Executor, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  const hashes = await Promise.all(codes.map(hashCode));
  const now = ctx.clock.now();
  await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('user_recovery_codes')
    .values(
      hashes.map((codeHash) => ({ user_id: userId, code_hash: codeHash, used_at: null, created_at: now })),
    )
    .execute();
  return codes;
}

/** Refuses with `second_factor_unset` when the user has no second factor. */
async function assertSecondFactorSet(ctx: AppContext, userId: number): Promise<void> {
  const user = await ctx.db
    .selectFrom('users')
    .select('second_factor')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (!user.second_factor) throw new DomainError('second_factor_unset');
}

export async function recoveryCodes(ctx: AppContext, userId: number) {
  await assertSecondFactorSet(ctx, userId);
  return { codes: await inTransaction(ctx.db, (trx) => issueRecoveryCodes(ctx, trx, userId)) };
}

/** Whether a code is the user's TOTP code (each step accepted once) or an unused recovery code (used up). */
async function codeRight(ctx: AppContext, userId: number, code: string): Promise<boolean> {
  const typed = code.trim();
  if (/^\d{6}$/.test(typed)) {
    const totp = await ctx.db
      .selectFrom('user_totp')
      .select(['secret', 'last_step'])
      .where('user_id', '=', userId)
      .where('enabled_at', 'is not', null)
      .executeTakeFirst();
    if (!totp) return false;
    const step = await totpStep(ctx.config.totpKey, totp.secret, typed, ctx.clock.now(), totp.last_step);
    if (step === null) return false;
    // Accepted once, also against the same code sent twice at once.
    const taken = await ctx.db
      .updateTable('user_totp')
      .set({ last_step: step })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
      .returning('user_id')
      .executeTakeFirst();
    return Boolean(taken);
  }
  // Salted hashes cannot be looked up: each unused code of the user (ten at most) is checked.
  const unused = await ctx.db
    .selectFrom('user_recovery_codes')
    .select(['id', 'code_hash'])
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  for (const row of unused) {
    if (!(await codeMatches(row.code_hash, typed))) continue;
    // Used once, also against the same code sent twice at once.
    const used = await ctx.db
      .updateTable('user_recovery_codes')
      .set({ used_at: ctx.clock.now() })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return Boolean(used);
  }
  return false;
}

// ——— A second factor at sign-in and step-up ———

/** How many of the user's recovery codes are still unused. */
async function unusedRecoveryCodes(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('user_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function methodsOf(ctx: AppContext, userId: number) {
  const info = await ctx.db
    .selectFrom('users')
    .leftJoin('user_totp', (j) =>
      j.onRef('user_totp.user_id', '=', 'users.id').on('user_totp.enabled_at', 'is not', null),
    )
    .select(['users.second_factor', 'user_totp.user_id as totp'])
    .where('users.id', '=', userId)
    .executeTakeFirstOrThrow();
  const passkeys = await ctx.db
    .selectFrom('user_passkeys')
    .select(['credential_id', 'transports'])
    .where('user_id', '=', userId)
    .execute();
  const codes = await unusedRecoveryCodes(ctx.db, userId);
  const methods: Array<'passkey' | 'totp' | 'recovery'> = [];
  if (passkeys.length > 0) methods.push('passkey');
  if (info.totp !== null) methods.push('totp');
  // A passkey alone comes with no codes until the investor asks for them: none to offer then.
  if (info.second_factor && codes > 0) methods.push('recovery');
  return { methods, passkeys };
}

/** Options for a proof by passkey, restricted to the user's own passkeys, for a stored challenge. */
async function assertionOptions(
  ctx: AppContext,
  challenge: string,
  passkeys: Array<{ credential_id: string; transports: string | null }>,
) {
  if (passkeys.length === 0) return null;
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx).rpID,
    challenge: fromB64(challenge),
    userVerification: 'required',
    allowCredentials: passkeys.map((p) => ({
      id: p.credential_id,
      ...(p.transports ? { transports: JSON.parse(p.transports) } : {}),
    })),
  });
  return asOptions(options);
}

/**
 * What a right password answers when the user has a second factor on (SPEC §13.1): a
 * short-lived challenge, the methods the user has, and passkey options bound to that challenge.
 */
export async function secondFactorChallenge(ctx: AppContext, userId: number) {
  const { methods, passkeys } = await methodsOf(ctx, userId);
  const challenge = await newChallenge(ctx, 'login', { userId });
  return { challenge, methods, passkey: await assertionOptions(ctx, challenge, passkeys) };
}

/**
 * Checks one proof of a second factor — a passkey's assertion answering `challenge`, a TOTP code
 * or a recovery code — counted under the user's one lock. A wrong one answers
 * `second_factor_wrong` (`passkey_invalid` for a passkey).
 */
async function proveFactor(
  ctx: AppContext,
  userId: number,
  proof: { code?: string | undefined; credential?: CredentialJson | undefined },
  challenge: string | null,
): Promise<void> {
  if (proof.credential) {
    const credential = proof.credential;
    const passkey = await passkeyOf(ctx, credential.id);
    const answered = challengeOf(credential);
    await checkAttempt(
      ctx,
      userId,
      async () =>
        challenge !== null &&
        answered === challenge &&
        passkey?.user_id === userId &&
        verifyAssertion(ctx, credential, challenge, passkey),
      { key: 'passkey_invalid', field: 'credential' },
    );
    return;
  }
  if (!proof.code) throw new DomainError('second_factor_wrong', { field: 'code' });
  const code = proof.code;
  await checkAttempt(ctx, userId, () => codeRight(ctx, userId, code), {
    key: 'second_factor_wrong',
    field: 'code',
  });
}

/** Finishes a password sign-in: the user whose challenge it was, once a factor is proven. */
export async function loginSecondFactorUser(
  ctx: AppContext,
  input: { challenge: string; code?: string | undefined; credential?: CredentialJson | undefined },
): Promise<number> {
  const live = await ctx.db
    .selectFrom('auth_challenges')
    .select('user_id')
    .where('id', '=', input.challenge)
    .where('purpose', '=', 'login')
    .where('expires_at', '>', ctx.clock.now())
    .executeTakeFirst();
  // An unknown or expired challenge: the password step must be made again.
  if (!live?.user_id) throw new DomainError('second_factor_required', { field: 'challenge' });
  await proveFactor(ctx, live.user_id, input, input.challenge);
  // Used once: a second finish of the same sign-in (in parallel) finds nothing to take.
  const taken = await takeChallenge(ctx, input.challenge, 'login');
  if (!taken) throw new DomainError('second_factor_required', { field: 'challenge' });
  return live.user_id;
}

export async function stepUpOptions(ctx: AppContext, userId: number, sessionId: number) {
  const { methods, passkeys } = await methodsOf(ctx, userId);
  if (methods.length === 0) throw new DomainError('second_factor_unset');
  const challenge = passkeys.length > 0 ? await newChallenge(ctx, 'step_up', { userId, sessionId }) : null;
  return { methods, passkey: challenge ? await assertionOptions(ctx, challenge, passkeys) : null };
}

/** A fresh proof for this session: it holds for 5 minutes (SPEC §13.1). */
export async function stepUp(
  ctx: AppContext,
  userId: number,
  sessionId: number,
  proof: { code?: string | undefined; credential?: CredentialJson | undefined },
) {
  await assertSecondFactorSet(ctx, userId);
  let challenge: string | null = null;
  if (proof.credential) {
    // The challenge must be this session's: a step-up begun in another session does not count here.
    const answered = challengeOf(proof.credential);
    const taken = answered ? await takeChallenge(ctx, answered, 'step_up') : undefined;
    if (taken && taken.user_id === userId && taken.session_id === sessionId) challenge = answered;
  }
  await proveFactor(ctx, userId, proof, challenge);
  const now = ctx.clock.now();
  await ctx.db.updateTable('sessions').set({ stepped_up_at: now }).where('id', '=', sessionId).execute();
  return { until: new Date(now.getTime() + STEP_UP_MS).toISOString() };
}

// ——— Removing factors ———

export async function totpDisable(ctx: AppContext, userId: number) {
  await inTransaction(ctx.db, async (trx) => {
    const gone = await trx
      .deleteFrom('user_totp')
      .where('user_id', '=', userId)
      .where('enabled_at', 'is not', null)
      .returning('user_id')
      .executeTakeFirst();
    if (!gone) throw new DomainError('second_factor_unset');
    await refreshSecondFactor(ctx, trx, userId);
  });
}

/** The back office's reset (SPEC §13.1): every factor and recovery code of the user goes. */
export async function resetSecondFactors(ctx: AppContext, db: Executor, userId: number) {
  const passkeys = await db
    .deleteFrom('user_passkeys')
    .where('user_id', '=', userId)
    .returning('id')
    .execute();
  const totp = await db.deleteFrom('user_totp').where('user_id', '=', userId).returning('user_id').execute();
  await refreshSecondFactor(ctx, db, userId);
  return { passkeys: passkeys.length, totp: totp.length > 0 };
}

/** Which factors a user has, for the back office (never a secret). */
export async function factorsOf(ctx: AppContext, userId: number) {
  const info = await securityInfo(ctx, userId, 0);
  return {
    passkeys: info.passkeys,
    totp: info.totp,
    recoveryCodesLeft: info.recoveryCodesLeft,
    secondFactor: info.secondFactor,
  };
}

// ——— Messages ———

const text = (cn: string, us: string, jp: string): I18nText =>
  ({ cn, us, jp }) satisfies Record<Language, string>;

/** A sign-in from a device the user has not signed in from before (SPEC §13.1). */
export async function sendNewDeviceMessage(
  db: Executor,
  userId: number,
  device: string,
  address: string,
  now: Date,
) {
  const where = `${device} · ${address}`;
  await messages.send(
    db,
    {
      userId,
      kind: 'security',
      title: text('新设备登录', 'Sign-in from a new device', '新しい端末からのログイン'),
      body: text(
        `您的账户在新设备上登录：${where}。如果不是您本人，请立即修改密码并结束其他会话。`,
        `Your account was signed in on a new device: ${where}. If this was not you, change your password and end the other sessions now.`,
        `新しい端末からログインがありました：${where}。お心当たりがない場合は、すぐにパスワードを変更し、他のセッションを終了してください。`,
      ),
    },
    now,
  );
}

/** The back office reset the user's second factors. */
export async function sendFactorsResetMessage(db: Executor, userId: number, reason: string, now: Date) {
  await messages.send(
    db,
    {
      userId,
      kind: 'security',
      title: text('第二步验证已重置', 'Your second factors were reset', '2段階認証がリセットされました'),
      body: text(
        `客服已重置您的通行密钥和验证器应用（原因：${reason}），所有会话已结束。请重新登录并再次设置。`,
        `Support reset your passkeys and authenticator app (reason: ${reason}) and ended every session. Sign in again and set them up anew.`,
        `サポートがパスキーと認証アプリをリセットしました（理由：${reason}）。すべてのセッションを終了しました。再度ログインして設定し直してください。`,
      ),
    },
    now,
  );
}
