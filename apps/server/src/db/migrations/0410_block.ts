import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/**
 * Block trades (SPEC §6.5): products the operator lists with a block price, minimum lots, a quota
 * and an application window; applications freeze block price × lots through a ledger hold, take
 * their lots from the remaining quota in the same statement that checks it, and are decided on the
 * review queue (approved: a holding position at the block price; rejected: released, lots returned).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE block_products (
      id BIGSERIAL PRIMARY KEY,
      code TEXT NOT NULL,
      market TEXT NOT NULL CHECK (market IN ('jpy', 'usd', 'cny')),
      currency TEXT NOT NULL,
      price NUMERIC(24, 6) NOT NULL CHECK (price > 0),
      min_lots BIGINT NOT NULL CHECK (min_lots > 0),
      total_lots BIGINT NOT NULL CHECK (total_lots > 0),
      remaining_lots BIGINT NOT NULL,
      starts_at TIMESTAMPTZ NOT NULL,
      ends_at TIMESTAMPTZ NOT NULL,
      state TEXT NOT NULL CHECK (state IN ('upcoming', 'open', 'closed')),
      created_by BIGINT REFERENCES operators(id),
      created_at TIMESTAMPTZ NOT NULL,
      CONSTRAINT block_quota_bounds CHECK (remaining_lots >= 0 AND remaining_lots <= total_lots),
      CONSTRAINT block_window CHECK (ends_at > starts_at)
    );
    CREATE INDEX block_products_market ON block_products(market, state, id);

    CREATE TABLE block_applications (
      id BIGSERIAL PRIMARY KEY,
      order_no TEXT NOT NULL UNIQUE,
      user_id BIGINT NOT NULL REFERENCES users(id),
      product_id BIGINT NOT NULL REFERENCES block_products(id),
      lots BIGINT NOT NULL CHECK (lots > 0),
      price NUMERIC(24, 6) NOT NULL,
      currency TEXT NOT NULL,
      amount_minor BIGINT NOT NULL CHECK (amount_minor > 0),
      hold_id BIGINT NOT NULL,
      state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'approved', 'rejected')),
      reason TEXT,
      reviewer_id BIGINT REFERENCES operators(id),
      reviewed_at TIMESTAMPTZ,
      due_at TIMESTAMPTZ NOT NULL,
      position_id BIGINT,
      created_at TIMESTAMPTZ NOT NULL
    );
    CREATE INDEX block_applications_user ON block_applications(user_id, id);
    CREATE INDEX block_applications_product ON block_applications(product_id, user_id);
    `,
  );
}
