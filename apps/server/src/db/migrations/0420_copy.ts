import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/**
 * Copy trading (SPEC §6.5): leaders are accounts run by built-in strategies; the operator lists
 * products on them; a holding freezes its amount through a ledger hold for the lock-in days; each
 * leader fill is fanned out to the active holdings (one row per fan-out with its progress), and
 * every mirrored position is linked to the leader position it copies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE copy_leaders (
      id BIGSERIAL PRIMARY KEY,
      user_id BIGINT NOT NULL UNIQUE REFERENCES users(id),
      name TEXT NOT NULL UNIQUE,
      strategy TEXT NOT NULL CHECK (strategy IN ('trend', 'meanReversion', 'basket')),
      market TEXT NOT NULL CHECK (market IN ('jpy', 'usd', 'cny')),
      codes JSONB NOT NULL,
      capital_minor BIGINT NOT NULL CHECK (capital_minor > 0),
      live_from TIMESTAMPTZ,
      last_decided_day TEXT,
      created_at TIMESTAMPTZ NOT NULL
    );

    CREATE TABLE copy_products (
      id BIGSERIAL PRIMARY KEY,
      leader_id BIGINT NOT NULL REFERENCES copy_leaders(id),
      name TEXT NOT NULL,
      min_amount_minor BIGINT NOT NULL CHECK (min_amount_minor > 0),
      lock_days INTEGER NOT NULL CHECK (lock_days > 0),
      cutoff_at TIMESTAMPTZ NOT NULL,
      created_by BIGINT,
      created_at TIMESTAMPTZ NOT NULL
    );

    CREATE TABLE copy_holdings (
      id BIGSERIAL PRIMARY KEY,
      order_no TEXT NOT NULL UNIQUE,
      user_id BIGINT NOT NULL REFERENCES users(id),
      product_id BIGINT NOT NULL REFERENCES copy_products(id),
      currency TEXT NOT NULL,
      amount_minor BIGINT NOT NULL CHECK (amount_minor > 0),
      state TEXT NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'ended')),
      hold_id BIGINT NOT NULL,
      lock_until TIMESTAMPTZ NOT NULL,
      ended_at TIMESTAMPTZ,
      returned_minor BIGINT,
      created_at TIMESTAMPTZ NOT NULL
    );
    CREATE INDEX copy_holdings_user ON copy_holdings(user_id, id);
    CREATE INDEX copy_holdings_active ON copy_holdings(product_id, id) WHERE state = 'active';
    CREATE INDEX copy_holdings_due ON copy_holdings(lock_until) WHERE state = 'active';

    CREATE TABLE copy_fanouts (
      id BIGSERIAL PRIMARY KEY,
      leader_id BIGINT NOT NULL REFERENCES copy_leaders(id),
      leader_position_id BIGINT NOT NULL,
      action TEXT NOT NULL CHECK (action IN ('open', 'close')),
      price NUMERIC NOT NULL,
      leader_quantity INTEGER NOT NULL,
      leader_equity_minor BIGINT NOT NULL,
      cursor_id BIGINT NOT NULL DEFAULT 0,
      mirrored INTEGER NOT NULL DEFAULT 0,
      created_at TIMESTAMPTZ NOT NULL,
      done_at TIMESTAMPTZ
    );
    CREATE INDEX copy_fanouts_pending ON copy_fanouts(id) WHERE done_at IS NULL;

    CREATE TABLE copy_mirrors (
      position_id BIGINT PRIMARY KEY,
      leader_position_id BIGINT NOT NULL,
      holding_id BIGINT NOT NULL REFERENCES copy_holdings(id),
      UNIQUE (leader_position_id, holding_id)
    );
    CREATE INDEX positions_copy_holding ON positions(source_id, id) WHERE source = 'copy';
    `,
  );
}
