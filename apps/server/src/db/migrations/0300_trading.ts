import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/**
 * Positions (SPEC §4 position order, §5 states, §6.3). One row is the order and the position it
 * becomes: pending (a limit order waiting) → holding → closing → closed, or pending → cancelled.
 * IPO allocations, block trades and copy-trading mirrors create holding rows too (`source`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE positions (
      id BIGSERIAL PRIMARY KEY,
      order_no TEXT NOT NULL UNIQUE,
      user_id BIGINT NOT NULL REFERENCES users(id),
      code TEXT NOT NULL,
      market TEXT NOT NULL CHECK (market IN ('jpy', 'usd', 'cny')),
      currency TEXT NOT NULL,
      direction TEXT NOT NULL CHECK (direction IN ('long', 'short')),
      order_type TEXT NOT NULL CHECK (order_type IN ('limit', 'market')),
      mode TEXT NOT NULL DEFAULT 'normal' CHECK (mode IN ('normal', 'day')),
      leverage INTEGER NOT NULL CHECK (leverage > 0),
      quantity BIGINT NOT NULL CHECK (quantity > 0),
      limit_price NUMERIC(24, 6),
      open_price NUMERIC(24, 6),
      opened_at TIMESTAMPTZ,
      opened_trading_day TEXT,
      expires_at TIMESTAMPTZ,
      margin_minor BIGINT NOT NULL CHECK (margin_minor >= 0),
      fee_minor BIGINT NOT NULL CHECK (fee_minor >= 0),
      close_price NUMERIC(24, 6),
      closed_at TIMESTAMPTZ,
      close_fee_minor BIGINT CHECK (close_fee_minor >= 0),
      realised_pnl_minor BIGINT,
      house_absorbed_minor BIGINT CHECK (house_absorbed_minor >= 0),
      state TEXT NOT NULL CHECK (state IN ('pending', 'holding', 'closing', 'closed', 'cancelled')),
      close_reason TEXT CHECK (close_reason IN ('user', 'stop_out', 'expired', 'settlement')),
      source TEXT NOT NULL DEFAULT 'order' CHECK (source IN ('order', 'ipo', 'block', 'copy')),
      source_id BIGINT,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
      CONSTRAINT limit_has_price CHECK (order_type = 'market' OR limit_price IS NOT NULL),
      CONSTRAINT open_has_price CHECK (state IN ('pending', 'cancelled') OR (open_price IS NOT NULL AND opened_at IS NOT NULL)),
      CONSTRAINT closed_is_settled CHECK (state <> 'closed' OR (close_price IS NOT NULL AND closed_at IS NOT NULL AND realised_pnl_minor IS NOT NULL))
    );
    -- The user's lists (open / ended) by market, newest first.
    CREATE INDEX positions_user_state ON positions(user_id, state, market, id);
    -- The matching engine's rebuild and the expiry job read only the live rows.
    CREATE INDEX positions_live ON positions(state, code) WHERE state IN ('pending', 'holding', 'closing');
    CREATE INDEX positions_pending_expiry ON positions(expires_at) WHERE state = 'pending';
    CREATE INDEX positions_source ON positions(source, source_id) WHERE source_id IS NOT NULL;
  `,
  );
}
