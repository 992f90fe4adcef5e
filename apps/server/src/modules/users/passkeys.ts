import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { AppContext } from '../../context';
import { inTransaction } from '../../db/database';
import { DomainError } from '../../errors';
import { checkAttempt } from '../../http/secrets';
import './security-tables';
import {
  b64,
  type CredentialJson,
  challengeOf,
  fromB64,
  newChallenge,
  refreshSecondFactor,
  relyingParty,
  takeChallenge,
} from './ceremony';

/** Passkeys (SPEC §13.1): registered, renamed, removed, and signing in alone. */
// ——— Passkeys ———

/** Creation options for a new passkey: discoverable, user verification required. */
export async function passkeyOptions(ctx: AppContext, userId: number, sessionId: number) {
  const user = await ctx.db
    .selectFrom('users')
    .select(['account', 'webauthn_handle'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  let handle = user.webauthn_handle;
  if (!handle) {
    handle = randomBytes(32).toString('base64url');
    await ctx.db.updateTable('users').set({ webauthn_handle: handle }).where('id', '=', userId).execute();
  }
  const existing = await ctx.db
    .selectFrom('user_passkeys')
    .select(['credential_id', 'transports'])
    .where('user_id', '=', userId)
    .execute();
  const challenge = await newChallenge(ctx, 'passkey_register', { userId, sessionId });
  const { rpID } = relyingParty(ctx);
  return asOptions(
    await generateRegistrationOptions({
      rpName: ctx.config.title,
      rpID,
      userName: user.account,
      userID: fromB64(handle),
      challenge: fromB64(challenge),
      attestationType: 'none',
      excludeCredentials: existing.map((c) => ({
        id: c.credential_id,
        ...(c.transports ? { transports: JSON.parse(c.transports) } : {}),
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    }),
  );
}

/** Options as the browser package takes them, as a plain record for the answer. */
export const asOptions = <T extends { challenge: string }>(
  options: T,
): { challenge: string } & Record<string, unknown> => ({
  ...options,
});

/** Registers a passkey from its attestation, against this session's live challenge. */
export async function passkeyAdd(
  ctx: AppContext,
  userId: number,
  sessionId: number,
  credential: CredentialJson,
  name: string,
) {
  const challenge = challengeOf(credential);
  const taken = challenge ? await takeChallenge(ctx, challenge, 'passkey_register') : undefined;
  if (!challenge || !taken || taken.user_id !== userId || taken.session_id !== sessionId)
    throw new DomainError('passkey_invalid', { field: 'credential' });
  const { origin, rpID } = relyingParty(ctx);
  let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>['registrationInfo'];
  try {
    const result = await verifyRegistrationResponse({
      response: credential as Parameters<typeof verifyRegistrationResponse>[0]['response'],
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
    info = result.verified ? result.registrationInfo : undefined;
  } catch {
    info = undefined;
  }
  if (!info) throw new DomainError('passkey_invalid', { field: 'credential' });
  const now = ctx.clock.now();
  const transports = info.credential.transports ?? credential.response.transports;
  return inTransaction(ctx.db, async (trx) => {
    const row = await trx
      .insertInto('user_passkeys')
      .values({
        user_id: userId,
        credential_id: info.credential.id,
        public_key: b64(info.credential.publicKey),
        counter: info.credential.counter,
        transports: transports ? JSON.stringify(transports) : null,
        name,
        created_at: now,
        last_used_at: null,
      })
      .onConflict((oc) => oc.column('credential_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) throw new DomainError('passkey_invalid', { field: 'credential' });
    await refreshSecondFactor(ctx, trx, userId);
    return { id: row.id };
  });
}

export async function passkeyRename(ctx: AppContext, userId: number, id: number, name: string) {
  const done = await ctx.db
    .updateTable('user_passkeys')
    .set({ name })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  if (!done) throw new DomainError('not_found', { field: 'id' });
}

/**
 * Verifies a passkey's assertion against a challenge already taken: from this origin and RP ID,
 * user-verified, signed by this passkey, and its counter must move forward (a cloned
 * authenticator's goes backwards). A right one moves the counter and the last use.
 */
export async function verifyAssertion(
  ctx: AppContext,
  credential: CredentialJson,
  challenge: string,
  passkey: {
    id: number;
    credential_id: string;
    public_key: string;
    counter: number;
    transports: string | null;
  },
): Promise<boolean> {
  const { origin, rpID } = relyingParty(ctx);
  try {
    const result = await verifyAuthenticationResponse({
      response: credential as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.credential_id,
        publicKey: fromB64(passkey.public_key),
        counter: passkey.counter,
        ...(passkey.transports ? { transports: JSON.parse(passkey.transports) } : {}),
      },
      requireUserVerification: true,
    });
    if (!result.verified) return false;
    // The counter moves only forward, also against a parallel use of the same assertion
    // (authenticators that keep no counter report 0 every time).
    const next = result.authenticationInfo.newCounter;
    let query = ctx.db
      .updateTable('user_passkeys')
      .set({ counter: next, last_used_at: ctx.clock.now() })
      .where('id', '=', passkey.id);
    if (next > 0) query = query.where('counter', '<', next);
    return Boolean(await query.returning('id').executeTakeFirst());
  } catch {
    return false;
  }
}

export async function passkeyOf(ctx: AppContext, credentialId: string) {
  return ctx.db
    .selectFrom('user_passkeys')
    .select(['id', 'user_id', 'credential_id', 'public_key', 'counter', 'transports'])
    .where('credential_id', '=', credentialId)
    .executeTakeFirst();
}

/** Request options for signing in with a passkey alone: no account typed, any discoverable one. */
export async function passkeyLoginOptions(ctx: AppContext) {
  const challenge = await newChallenge(ctx, 'passkey_login');
  return asOptions(
    await generateAuthenticationOptions({
      rpID: relyingParty(ctx).rpID,
      challenge: fromB64(challenge),
      userVerification: 'required',
    }),
  );
}

/**
 * Signs in with a passkey's assertion: the user it belongs to, or `passkey_invalid`. A wrong
 * assertion for a known passkey counts towards its owner's lock.
 */
export async function passkeyLoginUser(ctx: AppContext, credential: CredentialJson): Promise<number> {
  const challenge = challengeOf(credential);
  const taken = challenge ? await takeChallenge(ctx, challenge, 'passkey_login') : undefined;
  const passkey = await passkeyOf(ctx, credential.id);
  if (!challenge || !taken || !passkey) throw new DomainError('passkey_invalid', { field: 'credential' });
  await checkAttempt(ctx, passkey.user_id, () => verifyAssertion(ctx, credential, challenge, passkey), {
    key: 'passkey_invalid',
    field: 'credential',
  });
  return passkey.user_id;
}

export async function passkeyDelete(ctx: AppContext, userId: number, id: number) {
  await inTransaction(ctx.db, async (trx) => {
    const gone = await trx
      .deleteFrom('user_passkeys')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning('id')
      .executeTakeFirst();
    if (!gone) throw new DomainError('not_found', { field: 'id' });
    await refreshSecondFactor(ctx, trx, userId);
  });
}
