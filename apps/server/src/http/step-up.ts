import type { AppContext } from '../context';
import { DomainError } from '../errors';

/** How long a fresh proof of a second factor holds for its session (SPEC §13.1). */
export const STEP_UP_MS = 5 * 60_000;

/**
 * What a call asks for before it runs (SPEC §13.1): `money` — a withdrawal or a bank card change,
 * which `require_second_factor` also makes need a factor on; `account` — a password change, a
 * factor's removal, new recovery codes.
 */
export type StepUp = 'money' | 'account';

/**
 * Refuses a call that needs a step-up when the user has a second factor on and this session has
 * made no fresh proof in the last 5 minutes (`step_up_required`), or, for money calls, when
 * `require_second_factor` is on and the user has no factor (`second_factor_unset`). Read from the
 * database, not the session cache: a proof made a moment ago on this node or another counts.
 */
export async function assertSteppedUp(
  ctx: AppContext,
  userId: number,
  sessionId: number,
  kind: StepUp,
): Promise<void> {
  const row = await ctx.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.second_factor', 'sessions.stepped_up_at'])
    .where('sessions.id', '=', sessionId)
    .where('sessions.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new DomainError('step_up_required');
  if (!row.second_factor) {
    if (kind === 'money' && ctx.config.requireSecondFactor) throw new DomainError('second_factor_unset');
    return;
  }
  if (!steppedUp(row.stepped_up_at, ctx.clock.now())) throw new DomainError('step_up_required');
}

/** Whether a step-up made at `at` still holds at `now`. */
export const steppedUp = (at: Date | null, now: Date): boolean =>
  at !== null && now.getTime() - at.getTime() < STEP_UP_MS && at.getTime() <= now.getTime();
