import type { I18nText } from '../messages/port';

/** PostgreSQL unique_violation (also raised by the embedded database). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e?.code !== '23505') return false;
  if (!constraint) return true;
  return e.constraint === constraint || (typeof e.message === 'string' && e.message.includes(constraint));
}

/** A message text in the three product languages. */
export const i18n = (cn: string, us: string, jp: string): I18nText => ({ cn, us, jp });
