import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/**
 * The day-trading program (SPEC §6.5): an application freezes a participation amount for one
 * market's trading day, is reviewed on the review queue, trades in day mode on that day and is
 * settled at the market's session close. Day-mode positions name their application as source.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE day_trades (
      id BIGSERIAL PRIMARY KEY,
      user_id BIGINT NOT NULL REFERENCES users(id),
      order_no TEXT NOT NULL UNIQUE,
      market TEXT NOT NULL CHECK (market IN ('jpy', 'usd', 'cny')),
      currency TEXT NOT NULL,
      trading_day TEXT NOT NULL,
      amount_minor BIGINT NOT NULL CHECK (amount_minor > 0),
      leverage INTEGER NOT NULL CHECK (leverage >= 1),
      state TEXT NOT NULL DEFAULT 'pending'
        CHECK (state IN ('pending', 'rejected', 'approved', 'trading', 'executed', 'failed')),
      hold_id BIGINT NOT NULL,
      reason TEXT,
      reviewer_id BIGINT REFERENCES operators(id),
      reviewed_at TIMESTAMPTZ,
      due_at TIMESTAMPTZ NOT NULL,
      close_at TIMESTAMPTZ NOT NULL,
      settled_at TIMESTAMPTZ,
      returned_minor BIGINT,
      pnl_minor BIGINT,
      fees_minor BIGINT,
      created_at TIMESTAMPTZ NOT NULL
    );
    CREATE UNIQUE INDEX day_trades_one_per_day ON day_trades(user_id, market, trading_day)
      WHERE state <> 'rejected';
    CREATE INDEX day_trades_user ON day_trades(user_id, id);
    CREATE INDEX day_trades_live ON day_trades(market, trading_day) WHERE state IN ('pending', 'approved', 'trading');

    ALTER TABLE positions DROP CONSTRAINT positions_source_check;
    ALTER TABLE positions ADD CONSTRAINT positions_source_check
      CHECK (source IN ('order', 'ipo', 'block', 'copy', 'daytrade'));
    `,
  );
}
