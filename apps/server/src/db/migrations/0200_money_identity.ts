import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/**
 * Uploaded files, real-name submissions, bank cards, deposits, withdrawals and exchanges
 * (SPEC §4, §6.4, §6.6). "One pending at a time" rules are unique partial indexes, so two
 * concurrent requests cannot both pass them on PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE stored_files (
      id BIGSERIAL PRIMARY KEY,
      owner_user_id BIGINT NOT NULL REFERENCES users(id),
      purpose TEXT NOT NULL,
      storage_name TEXT NOT NULL UNIQUE,
      mime TEXT NOT NULL,
      size_bytes INTEGER NOT NULL CHECK (size_bytes > 0),
      width INTEGER NOT NULL,
      height INTEGER NOT NULL,
      sha256 TEXT NOT NULL,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX stored_files_owner ON stored_files(owner_user_id);

    CREATE TABLE kyc_submissions (
      id BIGSERIAL PRIMARY KEY,
      user_id BIGINT NOT NULL REFERENCES users(id),
      name TEXT NOT NULL,
      id_number TEXT NOT NULL,
      front_file_id BIGINT NOT NULL REFERENCES stored_files(id),
      back_file_id BIGINT NOT NULL REFERENCES stored_files(id),
      state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected')),
      reason TEXT,
      reviewer_id BIGINT REFERENCES operators(id),
      reviewed_at TIMESTAMPTZ,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX kyc_submissions_one_pending ON kyc_submissions(user_id) WHERE state = 'pending';
    CREATE INDEX kyc_submissions_state ON kyc_submissions(state, id);
    CREATE INDEX kyc_submissions_user ON kyc_submissions(user_id, id);

    CREATE TABLE bank_cards (
      id BIGSERIAL PRIMARY KEY,
      user_id BIGINT NOT NULL REFERENCES users(id),
      holder TEXT NOT NULL,
      card_number TEXT NOT NULL,
      card_type TEXT NOT NULL,
      institution TEXT NOT NULL,
      branch TEXT NOT NULL,
      branch_code TEXT NOT NULL,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      deleted_at TIMESTAMPTZ
    );
    CREATE UNIQUE INDEX bank_cards_active_number ON bank_cards(card_number) WHERE deleted_at IS NULL;
    CREATE INDEX bank_cards_user ON bank_cards(user_id);

    CREATE TABLE deposits (
      id BIGSERIAL PRIMARY KEY,
      user_id BIGINT NOT NULL REFERENCES users(id),
      order_no TEXT NOT NULL UNIQUE,
      channel TEXT NOT NULL,
      currency TEXT NOT NULL,
      amount_minor BIGINT NOT NULL CHECK (amount_minor > 0),
      receipt_file_id BIGINT NOT NULL REFERENCES stored_files(id),
      state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected')),
      reason TEXT,
      reviewer_id BIGINT REFERENCES operators(id),
      reviewed_at TIMESTAMPTZ,
      due_at TIMESTAMPTZ NOT NULL,
      ledger_transaction_id BIGINT REFERENCES ledger_transactions(id),
      created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX deposits_one_pending ON deposits(user_id) WHERE state = 'pending';
    CREATE INDEX deposits_state ON deposits(state, id);
    CREATE INDEX deposits_user ON deposits(user_id, id);

    CREATE TABLE withdrawals (
      id BIGSERIAL PRIMARY KEY,
      user_id BIGINT NOT NULL REFERENCES users(id),
      order_no TEXT NOT NULL UNIQUE,
      card_id BIGINT NOT NULL REFERENCES bank_cards(id),
      currency TEXT NOT NULL,
      amount_minor BIGINT NOT NULL CHECK (amount_minor > 0),
      state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected')),
      reason TEXT,
      reviewer_id BIGINT REFERENCES operators(id),
      reviewed_at TIMESTAMPTZ,
      due_at TIMESTAMPTZ NOT NULL,
      freeze_transaction_id BIGINT NOT NULL REFERENCES ledger_transactions(id),
      settle_transaction_id BIGINT REFERENCES ledger_transactions(id),
      created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX withdrawals_one_pending ON withdrawals(user_id) WHERE state = 'pending';
    CREATE INDEX withdrawals_state ON withdrawals(state, id);
    CREATE INDEX withdrawals_user ON withdrawals(user_id, id);

    CREATE TABLE exchanges (
      id BIGSERIAL PRIMARY KEY,
      user_id BIGINT NOT NULL REFERENCES users(id),
      order_no TEXT NOT NULL UNIQUE,
      from_currency TEXT NOT NULL,
      to_currency TEXT NOT NULL CHECK (to_currency <> from_currency),
      from_minor BIGINT NOT NULL CHECK (from_minor > 0),
      to_minor BIGINT NOT NULL CHECK (to_minor > 0),
      mid_rate NUMERIC NOT NULL,
      rate NUMERIC NOT NULL,
      spread_bps INTEGER NOT NULL,
      ledger_transaction_id BIGINT NOT NULL REFERENCES ledger_transactions(id),
      created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    );
    CREATE INDEX exchanges_user ON exchanges(user_id, id);
  `,
  );
}
