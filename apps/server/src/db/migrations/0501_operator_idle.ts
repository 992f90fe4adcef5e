import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/** A back-office session ends after a spell without calls, not only at its absolute limit. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'ALTER TABLE operator_sessions ADD COLUMN last_seen_at TIMESTAMPTZ;');
}
