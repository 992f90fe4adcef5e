import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/**
 * One lock over every secret of a user (SPEC §6.1): `login_failures` and `locked_until` now count
 * wrong login, original and fund passwords alike, within a window since the last failure
 * (`secret_failed_at`). Names without an account keep the same lock state in `login_throttle`,
 * so the answers do not tell which accounts exist. Sessions remember the browser that opened them
 * for the list of active sessions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `ALTER TABLE users ADD COLUMN secret_failed_at TIMESTAMPTZ;
    ALTER TABLE sessions ADD COLUMN user_agent TEXT;
    CREATE INDEX sessions_user_open ON sessions(user_id) WHERE ended_at IS NULL;
    CREATE TABLE login_throttle (
      account TEXT PRIMARY KEY,
      failures INTEGER NOT NULL,
      failed_at TIMESTAMPTZ NOT NULL,
      locked_until TIMESTAMPTZ
    );
    CREATE INDEX login_throttle_failed_at ON login_throttle(failed_at)`,
  );
}
