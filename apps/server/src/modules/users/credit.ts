import { CREDIT_SCORE_CHANGES, CREDIT_SCORE_MAX, CREDIT_SCORE_MIN, type CreditEvent } from '@kabuto/domain';
import { sql } from 'kysely';
import type { Executor } from '../../db/schema';

/**
 * Credit score events (SPEC §6.4): a score starts at real-name verification and moves only by
 * the published events, each recorded with its points, the score after and why, and shown to the
 * user. Runs in the caller's transaction. A user without a score (not verified) is left alone.
 */
export async function recordCreditEvent(
  db: Executor,
  userId: number,
  event: CreditEvent | 'verified',
  now: Date,
  options: { memo?: string | null; initialScore?: number } = {},
): Promise<void> {
  // Verification starts the score (kept if the user had one); an event moves a score that exists.
  const verified = event === 'verified';
  const { rows } = verified
    ? await sql<{ credit_score: number }>`
      UPDATE users SET credit_score = COALESCE(credit_score, ${options.initialScore ?? 0}) WHERE id = ${userId}
      RETURNING credit_score`.execute(db)
    : await sql<{ credit_score: number }>`
      UPDATE users SET credit_score = LEAST(${CREDIT_SCORE_MAX}, GREATEST(${CREDIT_SCORE_MIN}, credit_score + ${CREDIT_SCORE_CHANGES[event]}))
      WHERE id = ${userId} AND credit_score IS NOT NULL
      RETURNING credit_score`.execute(db);
  const score = rows[0]?.credit_score;
  if (score === undefined) return;
  await db
    .insertInto('credit_events')
    .values({
      user_id: userId,
      event,
      // Verification records the starting score as its points.
      points: verified ? score : CREDIT_SCORE_CHANGES[event],
      score_after: score,
      memo: options.memo ?? null,
      created_at: now,
    })
    .execute();
}
