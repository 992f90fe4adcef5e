import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/**
 * - `reviews`: one queue for every reviewed kind (SPEC §5). A row per item under review, pointing
 *   at its business row (`subject_id` in the kind's own table); deposits, withdrawals and
 *   real-name submissions made before this migration are copied in.
 * - `ledger_holds`: a freeze as a first-class ledger operation, resolved (settled or released) at
 *   most once; withdrawals made before this migration get their hold.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE reviews (
      id BIGSERIAL PRIMARY KEY,
      kind TEXT NOT NULL CHECK (kind IN ('deposit', 'withdrawal', 'kyc', 'loan', 'daytrade', 'block')),
      subject_id BIGINT NOT NULL,
      user_id BIGINT NOT NULL REFERENCES users(id),
      state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected')),
      created_at TIMESTAMPTZ NOT NULL,
      due_at TIMESTAMPTZ NOT NULL,
      reviewer_id BIGINT REFERENCES operators(id),
      reviewed_at TIMESTAMPTZ,
      reason TEXT,
      CHECK ((state = 'pending') = (reviewed_at IS NULL)),
      CHECK (state <> 'rejected' OR reason IS NOT NULL),
      UNIQUE (kind, subject_id)
    );
    CREATE INDEX reviews_queue ON reviews(state, kind, created_at, id);
    CREATE INDEX reviews_user ON reviews(user_id, id);

    INSERT INTO reviews (kind, subject_id, user_id, state, created_at, due_at, reviewer_id, reviewed_at, reason)
      SELECT 'deposit', id, user_id, state, created_at, due_at, reviewer_id, reviewed_at,
             CASE WHEN state = 'rejected' THEN COALESCE(reason, '-') ELSE reason END
      FROM deposits;
    INSERT INTO reviews (kind, subject_id, user_id, state, created_at, due_at, reviewer_id, reviewed_at, reason)
      SELECT 'withdrawal', id, user_id, state, created_at, due_at, reviewer_id, reviewed_at,
             CASE WHEN state = 'rejected' THEN COALESCE(reason, '-') ELSE reason END
      FROM withdrawals;
    INSERT INTO reviews (kind, subject_id, user_id, state, created_at, due_at, reviewer_id, reviewed_at, reason)
      SELECT 'kyc', id, user_id, state, created_at, created_at + interval '24 hours', reviewer_id, reviewed_at,
             CASE WHEN state = 'rejected' THEN COALESCE(reason, '-') ELSE reason END
      FROM kyc_submissions;

    CREATE TABLE ledger_holds (
      id BIGSERIAL PRIMARY KEY,
      user_id BIGINT NOT NULL,
      currency TEXT NOT NULL,
      purpose TEXT NOT NULL,
      amount_minor BIGINT NOT NULL CHECK (amount_minor > 0),
      state TEXT NOT NULL DEFAULT 'held' CHECK (state IN ('held', 'settled', 'released')),
      ref_type TEXT,
      ref_id BIGINT,
      hold_transaction_id BIGINT NOT NULL,
      resolve_transaction_id BIGINT,
      created_at TIMESTAMPTZ NOT NULL,
      resolved_at TIMESTAMPTZ,
      CHECK ((state = 'held') = (resolve_transaction_id IS NULL))
    );
    CREATE INDEX ledger_holds_user ON ledger_holds(user_id, state);
    CREATE INDEX ledger_holds_ref ON ledger_holds(ref_type, ref_id);

    ALTER TABLE withdrawals ADD COLUMN hold_id BIGINT REFERENCES ledger_holds(id);
    INSERT INTO ledger_holds (user_id, currency, purpose, amount_minor, state, ref_type, ref_id,
                              hold_transaction_id, resolve_transaction_id, created_at, resolved_at)
      SELECT user_id, currency, 'withdrawal', amount_minor,
             CASE state WHEN 'pending' THEN 'held' WHEN 'approved' THEN 'settled' ELSE 'released' END,
             'withdrawal', id, freeze_transaction_id, settle_transaction_id, created_at, reviewed_at
      FROM withdrawals;
    UPDATE withdrawals w SET hold_id = h.id FROM ledger_holds h WHERE h.ref_type = 'withdrawal' AND h.ref_id = w.id;

    `,
  );
}
