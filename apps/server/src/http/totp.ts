import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import type { DB } from '../db/schema';

/**
 * TOTP (RFC 6238: 30-second steps, 6 digits, SHA-1) for every second factor of the product: the
 * back office's operators and the investors (SPEC §9, §13.1). One implementation for both.
 */
export const TOTP_ISSUER = 'Kabuto';

/**
 * Secrets are stored sealed with AES-256-GCM under the configured key (TOTP_ENCRYPTION_KEY):
 * `v1:` + base64url(12-byte IV ‖ 16-byte tag ‖ ciphertext). A copy of the database alone does not
 * give anyone the codes. Only `totpStep` opens a sealed secret.
 */
const SEALED_PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function sealTotpSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${SEALED_PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

export const isSealed = (stored: string) => stored.startsWith(SEALED_PREFIX);

/** The secret inside a stored value; a value written before sealing existed is the secret itself. */
function openTotpSecret(key: Buffer, stored: string): string | null {
  if (!isSealed(stored)) return stored;
  try {
    const raw = Buffer.from(stored.slice(SEALED_PREFIX.length), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    // Another key or a damaged value: no code matches.
    return null;
  }
}

/**
 * Seals every secret still stored in the clear (rows written before sealing existed), for the
 * investors and the operators. Run at each start; a sealed row is left as it is.
 */
export async function sealStoredTotpSecrets(db: DB, key: Buffer): Promise<number> {
  let sealed = 0;
  const users = await db.selectFrom('user_totp').select(['user_id', 'secret']).execute();
  for (const row of users.filter((r) => !isSealed(r.secret))) {
    await db
      .updateTable('user_totp')
      .set({ secret: sealTotpSecret(key, row.secret) })
      .where('user_id', '=', row.user_id)
      .where('secret', '=', row.secret)
      .execute();
    sealed += 1;
  }
  const operators = await db
    .selectFrom('operators')
    .select(['id', 'totp_secret'])
    .where('totp_secret', 'is not', null)
    .execute();
  for (const row of operators) {
    if (!row.totp_secret || isSealed(row.totp_secret)) continue;
    await db
      .updateTable('operators')
      .set({ totp_secret: sealTotpSecret(key, row.totp_secret) })
      .where('id', '=', row.id)
      .where('totp_secret', '=', row.totp_secret)
      .execute();
    sealed += 1;
  }
  return sealed;
}

export const newTotpSecret = (): string => generateSecret();

export const totpUri = (label: string, secret: string): string =>
  generateURI({ issuer: TOTP_ISSUER, label, secret });

/**
 * The time step a code matches: the current 30-second step or one either side (clock drift).
 * With `afterStep`, a step at or before it is refused, so a code is accepted once. Null when the
 * code does not match (or is not six digits). `stored` is the secret as stored (sealed).
 */
export async function totpStep(
  key: Buffer,
  stored: string,
  code: string,
  now: Date,
  afterStep?: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code) || !stored) return null;
  const secret = openTotpSecret(key, stored);
  if (!secret) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: 30,
      ...(afterStep !== null && afterStep !== undefined ? { afterTimeStep: afterStep } : {}),
    });
    // A TOTP verification's result carries the step it matched (the HOTP branch of the union does not).
    return result.valid && 'timeStep' in result ? (result.timeStep as number) : null;
  } catch {
    return null;
  }
}

/** Whether a code is right now (one step either side), without remembering it. */
export async function totpValid(key: Buffer, stored: string, code: string, now: Date): Promise<boolean> {
  return (await totpStep(key, stored, code, now)) !== null;
}
