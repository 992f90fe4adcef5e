import { generateSecret, generateURI, verify } from 'otplib';

/**
 * TOTP (RFC 6238: 30-second steps, 6 digits, SHA-1) for every second factor of the product: the
 * back office's operators and the investors (SPEC §9, §13.1). One implementation for both.
 */
export const TOTP_ISSUER = 'Kabuto';

export const newTotpSecret = (): string => generateSecret();

export const totpUri = (label: string, secret: string): string =>
  generateURI({ issuer: TOTP_ISSUER, label, secret });

/**
 * The time step a code matches: the current 30-second step or one either side (clock drift).
 * With `afterStep`, a step at or before it is refused, so a code is accepted once. Null when the
 * code does not match (or is not six digits).
 */
export async function totpStep(
  secret: string,
  code: string,
  now: Date,
  afterStep?: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code) || !secret) return null;
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
export async function totpValid(secret: string, code: string, now: Date): Promise<boolean> {
  return (await totpStep(secret, code, now)) !== null;
}
