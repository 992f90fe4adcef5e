import type { Language } from '@kabuto/contract';

/** SPEC §6.1 and the contract's limits on passwords. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;

/** Which rule an account name breaks, if any. */
export type AccountProblem = 'required' | 'phone' | 'letters';

/**
 * SPEC §6.1: in the `us` language the account is a ten-digit mobile number; otherwise 6–20
 * letters or digits.
 */
export function accountProblem(account: string, language: Language): AccountProblem | null {
  const value = account.trim();
  if (!value) return 'required';
  if (language === 'us') return /^\d{10}$/.test(value) ? null : 'phone';
  return /^[A-Za-z0-9]{6,20}$/.test(value) ? null : 'letters';
}

export type PasswordProblem = 'required' | 'short' | 'long';

export function passwordProblem(password: string): PasswordProblem | null {
  if (!password) return 'required';
  if (password.length < PASSWORD_MIN) return 'short';
  if (password.length > PASSWORD_MAX) return 'long';
  return null;
}

/** Server field names (SPEC §8 register) that the form shows errors under. */
export const REGISTER_FIELDS = ['account', 'password', 'repassword', 'invite_code', 'agree'] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];

export function isRegisterField(field: string | undefined): field is RegisterField {
  return typeof field === 'string' && (REGISTER_FIELDS as readonly string[]).includes(field);
}
