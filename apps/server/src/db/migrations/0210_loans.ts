import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/**
 * Credit loans (SPEC §6.4): a loan is reviewed on the review queue, credited to the wallet with
 * its debt recorded, accrues interest daily (one accrual per loan per day), and is repaid whole.
 * Credit-score events: every change of a score, with its reason, shown to the user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE loans (
      id BIGSERIAL PRIMARY KEY,
      user_id BIGINT NOT NULL REFERENCES users(id),
      order_no TEXT NOT NULL UNIQUE,
      currency TEXT NOT NULL,
      amount_minor BIGINT NOT NULL CHECK (amount_minor > 0),
      daily_rate_bps INTEGER NOT NULL CHECK (daily_rate_bps >= 0),
      term_days INTEGER NOT NULL CHECK (term_days > 0),
      state TEXT NOT NULL DEFAULT 'pending'
        CHECK (state IN ('pending', 'rejected', 'active', 'overdue', 'repaid')),
      interest_minor BIGINT NOT NULL DEFAULT 0 CHECK (interest_minor >= 0),
      reason TEXT,
      reviewer_id BIGINT REFERENCES operators(id),
      reviewed_at TIMESTAMPTZ,
      due_at TIMESTAMPTZ NOT NULL,
      started_at TIMESTAMPTZ,
      matures_at TIMESTAMPTZ,
      repaid_at TIMESTAMPTZ,
      credit_transaction_id BIGINT,
      repay_transaction_id BIGINT,
      created_at TIMESTAMPTZ NOT NULL
    );
    CREATE UNIQUE INDEX loans_one_open ON loans(user_id) WHERE state IN ('pending', 'active', 'overdue');
    CREATE INDEX loans_user ON loans(user_id, id);
    CREATE INDEX loans_live ON loans(state) WHERE state IN ('active', 'overdue');

    CREATE TABLE loan_accruals (
      loan_id BIGINT NOT NULL REFERENCES loans(id),
      day TEXT NOT NULL,
      amount_minor BIGINT NOT NULL CHECK (amount_minor >= 0),
      transaction_id BIGINT,
      PRIMARY KEY (loan_id, day)
    );

    CREATE TABLE credit_events (
      id BIGSERIAL PRIMARY KEY,
      user_id BIGINT NOT NULL REFERENCES users(id),
      event TEXT NOT NULL CHECK (event IN ('verified', 'on_time_repayment', 'overdue', 'stop_out')),
      points INTEGER NOT NULL,
      score_after INTEGER NOT NULL,
      memo TEXT,
      created_at TIMESTAMPTZ NOT NULL
    );
    CREATE INDEX credit_events_user ON credit_events(user_id, id);
    `,
  );
}
