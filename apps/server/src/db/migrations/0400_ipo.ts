import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/**
 * New shares (SPEC §4, §5, §6.5): the operator's listing with its moments, the users'
 * subscriptions (funds frozen through a ledger hold), and the recorded draw of each share (seed,
 * inputs digest, algorithm, applications and winners) so anyone can re-run it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE new_shares (
      id BIGSERIAL PRIMARY KEY,
      code TEXT NOT NULL UNIQUE,
      market TEXT NOT NULL CHECK (market IN ('jpy', 'usd', 'cny')),
      currency TEXT NOT NULL,
      name JSONB NOT NULL,
      sector TEXT NOT NULL,
      price NUMERIC(24, 6) NOT NULL CHECK (price > 0),
      provisional_price TEXT NOT NULL,
      pe NUMERIC(24, 6),
      lead_underwriter TEXT NOT NULL,
      issue_market TEXT NOT NULL,
      offered_quantity BIGINT NOT NULL CHECK (offered_quantity > 0),
      min_quantity BIGINT NOT NULL CHECK (min_quantity > 0),
      max_quantity BIGINT NOT NULL CHECK (max_quantity >= min_quantity),
      shares_outstanding BIGINT NOT NULL CHECK (shares_outstanding > 0),
      opens_at TIMESTAMPTZ NOT NULL,
      closes_at TIMESTAMPTZ NOT NULL,
      lottery_at TIMESTAMPTZ NOT NULL,
      pay_until TIMESTAMPTZ NOT NULL,
      lists_at TIMESTAMPTZ NOT NULL,
      state TEXT NOT NULL DEFAULT 'upcoming' CHECK (state IN ('upcoming', 'subscribing', 'closed', 'listed')),
      first_price NUMERIC(24, 6),
      created_by BIGINT,
      created_at TIMESTAMPTZ NOT NULL,
      CONSTRAINT new_share_moments CHECK (opens_at < closes_at AND closes_at <= lottery_at AND lottery_at < pay_until AND pay_until <= lists_at)
    );
    CREATE INDEX new_shares_market ON new_shares(market, state, opens_at);

    CREATE TABLE ipo_subscriptions (
      id BIGSERIAL PRIMARY KEY,
      share_id BIGINT NOT NULL REFERENCES new_shares(id),
      user_id BIGINT NOT NULL REFERENCES users(id),
      order_no TEXT NOT NULL UNIQUE,
      currency TEXT NOT NULL,
      quantity BIGINT NOT NULL CHECK (quantity > 0),
      amount_minor BIGINT NOT NULL CHECK (amount_minor > 0),
      won_quantity BIGINT NOT NULL DEFAULT 0 CHECK (won_quantity >= 0 AND won_quantity <= quantity),
      won_minor BIGINT NOT NULL DEFAULT 0 CHECK (won_minor >= 0),
      paid_minor BIGINT NOT NULL DEFAULT 0 CHECK (paid_minor >= 0),
      state TEXT NOT NULL DEFAULT 'applied'
        CHECK (state IN ('applied', 'won', 'not_won', 'paid', 'waived', 'failed', 'allotted')),
      hold_id BIGINT,
      position_id BIGINT,
      created_at TIMESTAMPTZ NOT NULL,
      drawn_at TIMESTAMPTZ,
      paid_at TIMESTAMPTZ,
      resolved_at TIMESTAMPTZ
    );
    CREATE UNIQUE INDEX ipo_subscriptions_once ON ipo_subscriptions(share_id, user_id);
    CREATE INDEX ipo_subscriptions_user ON ipo_subscriptions(user_id, id);
    CREATE INDEX ipo_subscriptions_share_state ON ipo_subscriptions(share_id, state);

    CREATE TABLE ipo_draws (
      share_id BIGINT PRIMARY KEY REFERENCES new_shares(id),
      seed TEXT NOT NULL,
      inputs_digest TEXT NOT NULL,
      algorithm TEXT NOT NULL,
      offered_quantity BIGINT NOT NULL,
      lot_size INTEGER NOT NULL,
      applications JSONB NOT NULL,
      winners JSONB NOT NULL,
      drawn_at TIMESTAMPTZ NOT NULL
    );
    `,
  );
}
