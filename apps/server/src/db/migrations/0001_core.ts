import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE users (
      id BIGSERIAL PRIMARY KEY,
      account TEXT NOT NULL UNIQUE,
      password_hash TEXT NOT NULL,
      fund_password_hash TEXT,
      invite_code TEXT NOT NULL UNIQUE,
      invited_by BIGINT REFERENCES users(id),
      language TEXT NOT NULL DEFAULT 'jp',
      kyc_state TEXT NOT NULL DEFAULT 'unverified',
      real_name TEXT,
      credit_score INTEGER,
      risk_accepted BOOLEAN NOT NULL DEFAULT FALSE,
      banned BOOLEAN NOT NULL DEFAULT FALSE,
      frozen BOOLEAN NOT NULL DEFAULT FALSE,
      trade_barred BOOLEAN NOT NULL DEFAULT FALSE,
      flag_reason TEXT,
      login_failures INTEGER NOT NULL DEFAULT 0,
      locked_until TIMESTAMPTZ,
      fund_failures INTEGER NOT NULL DEFAULT 0,
      fund_locked_until TIMESTAMPTZ,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE TABLE sessions (
      id BIGSERIAL PRIMARY KEY,
      user_id BIGINT NOT NULL REFERENCES users(id),
      token_hash TEXT NOT NULL UNIQUE,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      last_seen_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      expires_at TIMESTAMPTZ NOT NULL,
      ended_at TIMESTAMPTZ
    );
    CREATE INDEX sessions_user ON sessions(user_id);

    CREATE TABLE ledger_accounts (
      id BIGSERIAL PRIMARY KEY,
      user_id BIGINT NOT NULL,
      name TEXT NOT NULL,
      currency TEXT NOT NULL,
      balance_minor BIGINT NOT NULL DEFAULT 0,
      UNIQUE (user_id, name, currency),
      -- A user's available and frozen funds never go negative; debt is held as a negative balance.
      CONSTRAINT user_balance_sign CHECK (
        user_id = 0
        OR (name = 'debt' AND balance_minor <= 0)
        OR (name <> 'debt' AND balance_minor >= 0)
      )
    );
    CREATE TABLE ledger_transactions (
      id BIGSERIAL PRIMARY KEY,
      kind TEXT NOT NULL,
      order_no TEXT NOT NULL UNIQUE,
      user_id BIGINT,
      ref_type TEXT,
      ref_id BIGINT,
      memo TEXT,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX ledger_transactions_user ON ledger_transactions(user_id, id);
    CREATE INDEX ledger_transactions_ref ON ledger_transactions(ref_type, ref_id);
    CREATE TABLE ledger_postings (
      id BIGSERIAL PRIMARY KEY,
      transaction_id BIGINT NOT NULL REFERENCES ledger_transactions(id),
      account_id BIGINT NOT NULL REFERENCES ledger_accounts(id),
      amount_minor BIGINT NOT NULL CHECK (amount_minor <> 0),
      balance_after_minor BIGINT
    );
    CREATE INDEX ledger_postings_tx ON ledger_postings(transaction_id);
    CREATE INDEX ledger_postings_account ON ledger_postings(account_id, id);

    CREATE TABLE messages (
      id BIGSERIAL PRIMARY KEY,
      user_id BIGINT REFERENCES users(id),
      kind TEXT NOT NULL,
      title JSONB NOT NULL,
      body JSONB NOT NULL,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX messages_user ON messages(user_id, id);
    CREATE TABLE message_reads (
      user_id BIGINT NOT NULL REFERENCES users(id),
      message_id BIGINT NOT NULL REFERENCES messages(id),
      read_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, message_id)
    );

    CREATE TABLE idempotency_keys (
      user_id BIGINT NOT NULL,
      key TEXT NOT NULL,
      path TEXT NOT NULL,
      request_hash TEXT NOT NULL,
      status_code INTEGER NOT NULL,
      response JSONB NOT NULL,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, key)
    );

    CREATE TABLE operators (
      id BIGSERIAL PRIMARY KEY,
      username TEXT NOT NULL UNIQUE,
      password_hash TEXT NOT NULL,
      role TEXT NOT NULL CHECK (role IN ('admin', 'reviewer', 'operator')),
      disabled BOOLEAN NOT NULL DEFAULT FALSE,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE TABLE operator_sessions (
      id BIGSERIAL PRIMARY KEY,
      operator_id BIGINT NOT NULL REFERENCES operators(id),
      token_hash TEXT NOT NULL UNIQUE,
      expires_at TIMESTAMPTZ NOT NULL,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE TABLE audit_log (
      id BIGSERIAL PRIMARY KEY,
      operator_id BIGINT REFERENCES operators(id),
      action TEXT NOT NULL,
      target_type TEXT NOT NULL,
      target_id TEXT NOT NULL,
      reason TEXT,
      details JSONB NOT NULL DEFAULT '{}'::jsonb,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_log_target ON audit_log(target_type, target_id);
  `,
  );
}
