import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/**
 * Sign-in security (SPEC §13.1): an investor's passkeys (WebAuthn credentials), TOTP
 * authenticator and one-time recovery codes (stored hashed); the single-use, short-lived
 * challenges of every ceremony (kept in the database, so any node finishes what another began);
 * on each session the time of its last step-up and the address it was opened from; on each user
 * whether any second factor is on (what sign-in and the step-up check read) and the handle
 * passkeys know them by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `ALTER TABLE users ADD COLUMN second_factor BOOLEAN NOT NULL DEFAULT FALSE;
    ALTER TABLE users ADD COLUMN webauthn_handle TEXT;
    CREATE UNIQUE INDEX users_webauthn_handle ON users(webauthn_handle);
    ALTER TABLE sessions ADD COLUMN stepped_up_at TIMESTAMPTZ;
    ALTER TABLE sessions ADD COLUMN address TEXT;
    CREATE TABLE user_passkeys (
      id SERIAL PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id),
      credential_id TEXT NOT NULL UNIQUE,
      public_key TEXT NOT NULL,
      counter BIGINT NOT NULL,
      transports TEXT,
      name TEXT NOT NULL,
      created_at TIMESTAMPTZ NOT NULL,
      last_used_at TIMESTAMPTZ
    );
    CREATE INDEX user_passkeys_user ON user_passkeys(user_id);
    CREATE TABLE user_totp (
      user_id INTEGER PRIMARY KEY REFERENCES users(id),
      secret TEXT NOT NULL,
      enabled_at TIMESTAMPTZ,
      last_step BIGINT
    );
    CREATE TABLE user_recovery_codes (
      id SERIAL PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users(id),
      code_hash TEXT NOT NULL,
      used_at TIMESTAMPTZ,
      created_at TIMESTAMPTZ NOT NULL
    );
    CREATE INDEX user_recovery_codes_user ON user_recovery_codes(user_id);
    CREATE TABLE auth_challenges (
      id TEXT PRIMARY KEY,
      purpose TEXT NOT NULL,
      challenge TEXT NOT NULL,
      user_id INTEGER,
      session_id INTEGER,
      expires_at TIMESTAMPTZ NOT NULL
    );
    CREATE INDEX auth_challenges_expires ON auth_challenges(expires_at)`,
  );
}
