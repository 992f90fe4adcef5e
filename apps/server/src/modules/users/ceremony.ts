import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/schema';
import './security-tables';

/** What every sign-in security ceremony shares: challenges, the relying party, whether a second factor is on (SPEC §13.1). */

/** How long a ceremony's challenge can be answered. */
const CHALLENGE_MS = 5 * 60_000;
/** How many recovery codes a user gets at a time. */
export const RECOVERY_CODES = 10;
/** Recovery codes: 10 characters of this alphabet (50 bits), shown as XXXXX-XXXXX. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export type Purpose = 'passkey_register' | 'passkey_login' | 'login' | 'step_up';

/** A WebAuthn credential as the browser package produces it (contract zCredential). */
export interface CredentialJson {
  id: string;
  rawId: string;
  type: 'public-key';
  response: {
    clientDataJSON: string;
    attestationObject?: string | undefined;
    authenticatorData?: string | undefined;
    signature?: string | undefined;
    userHandle?: string | undefined;
    transports?: string[] | undefined;
    publicKey?: string | undefined;
    publicKeyAlgorithm?: number | undefined;
  };
  authenticatorAttachment?: string | undefined;
  clientExtensionResults: Record<string, unknown>;
}

/** The expected origin and RP ID (its host name), from config, for every ceremony. */
export function relyingParty(ctx: AppContext) {
  const origin = new URL(ctx.config.webauthnOrigin);
  return { origin: origin.origin, rpID: origin.hostname };
}

export const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
export const fromB64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));

/** A new challenge, stored for one use within CHALLENGE_MS; expired ones are pruned on the way. */
export async function newChallenge(
  ctx: AppContext,
  purpose: Purpose,
  owner: { userId?: number; sessionId?: number } = {},
): Promise<string> {
  const now = ctx.clock.now();
  await ctx.db.deleteFrom('auth_challenges').where('expires_at', '<=', now).execute();
  const id = randomBytes(32).toString('base64url');
  await ctx.db
    .insertInto('auth_challenges')
    .values({
      id,
      purpose,
      challenge: id,
      user_id: owner.userId ?? null,
      session_id: owner.sessionId ?? null,
      expires_at: new Date(now.getTime() + CHALLENGE_MS),
    })
    .execute();
  return id;
}

/** Takes a challenge (once: a second take finds nothing), if it is live and of this purpose. */
export async function takeChallenge(ctx: AppContext, id: string, purpose: Purpose) {
  return ctx.db
    .deleteFrom('auth_challenges')
    .where('id', '=', id)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', ctx.clock.now())
    .returning(['user_id', 'session_id'])
    .executeTakeFirst();
}

/** The challenge a credential's client data answers; null when it cannot be read. */
export function challengeOf(credential: CredentialJson): string | null {
  try {
    const data = JSON.parse(Buffer.from(credential.response.clientDataJSON, 'base64url').toString('utf8'));
    return typeof data?.challenge === 'string' ? data.challenge : null;
  } catch {
    return null;
  }
}

/** Recomputes whether the user has any second factor on (what sign-in and step-up read). */
export async function refreshSecondFactor(ctx: AppContext, db: Executor, userId: number): Promise<boolean> {
  const [passkey, totp] = await Promise.all([
    db.selectFrom('user_passkeys').select('id').where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('user_totp')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('enabled_at', 'is not', null)
      .executeTakeFirst(),
  ]);
  const on = Boolean(passkey || totp);
  await db.updateTable('users').set({ second_factor: on }).where('id', '=', userId).execute();
  if (!on) await db.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  ctx.sessions.forgetUser(userId);
  return on;
}
