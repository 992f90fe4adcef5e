import { type Kysely, sql } from 'kysely';
import { runStatements } from '../statements';

/**
 * Back office (SPEC §9): ledger adjustments awaiting a second operator, configuration overrides,
 * login lock state per operator name, an optional TOTP second factor per operator, the ledger invariant check's results, and an audit log
 * that refuses UPDATE and DELETE (SPEC §0.6: an operator cannot edit or delete entries).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE adjustments (
      id BIGSERIAL PRIMARY KEY,
      user_id BIGINT NOT NULL REFERENCES users(id),
      currency TEXT NOT NULL,
      amount_minor BIGINT NOT NULL CHECK (amount_minor <> 0),
      reason TEXT NOT NULL,
      state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'posted', 'rejected')),
      requested_by BIGINT NOT NULL REFERENCES operators(id),
      decided_by BIGINT REFERENCES operators(id),
      decision_reason TEXT,
      ledger_transaction_id BIGINT,
      created_at TIMESTAMPTZ NOT NULL,
      decided_at TIMESTAMPTZ
    );
    CREATE INDEX adjustments_state ON adjustments(state, id);
    CREATE INDEX adjustments_user ON adjustments(user_id, id);

    CREATE TABLE config_overrides (
      name TEXT PRIMARY KEY,
      value JSONB NOT NULL,
      updated_by BIGINT REFERENCES operators(id),
      updated_at TIMESTAMPTZ NOT NULL
    );

    CREATE TABLE operator_login_attempts (
      username TEXT PRIMARY KEY,
      failures INTEGER NOT NULL DEFAULT 0,
      locked_until TIMESTAMPTZ
    );

    CREATE TABLE invariant_checks (
      id BIGSERIAL PRIMARY KEY,
      ok BOOLEAN NOT NULL,
      report JSONB NOT NULL,
      checked_at TIMESTAMPTZ NOT NULL
    );

    ALTER TABLE operators ADD COLUMN totp_secret TEXT;
    ALTER TABLE operators ADD COLUMN totp_enabled BOOLEAN NOT NULL DEFAULT FALSE;

    CREATE INDEX audit_log_created ON audit_log(created_at, id);
    CREATE INDEX audit_log_action ON audit_log(action, id)
    `,
  );
  await sql
    .raw(`
    CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $f$
    BEGIN
      RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'KB002';
    END
    $f$`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON audit_log
          FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
          FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`)
    .execute(db);
}
