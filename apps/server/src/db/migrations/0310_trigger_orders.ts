import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/**
 * Orders that protect the investor (SPEC §13.2). A pending row may wait for a trigger (`stop`,
 * `stop_limit`, `trailing_stop`); `triggered_at` marks the one moment it fired (a stop-limit then
 * rests as a limit order). A row, pending or holding, may carry a take-profit and a stop-loss
 * (fixed, or trailing by an amount or a percentage of the best price since it was set); closing
 * the position clears both at once, which is the OCO. `trail_best` only ever moves towards the
 * investor (GREATEST / LEAST on write), so every node and a restart see the same trigger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE positions DROP CONSTRAINT positions_order_type_check;
    ALTER TABLE positions ADD CONSTRAINT positions_order_type_check
      CHECK (order_type IN ('limit', 'market', 'stop', 'stop_limit', 'trailing_stop'));
    ALTER TABLE positions DROP CONSTRAINT limit_has_price;
    ALTER TABLE positions ADD CONSTRAINT limit_has_price
      CHECK (order_type NOT IN ('limit', 'stop_limit') OR limit_price IS NOT NULL);
    ALTER TABLE positions DROP CONSTRAINT positions_close_reason_check;
    ALTER TABLE positions ADD CONSTRAINT positions_close_reason_check
      CHECK (close_reason IN ('user', 'stop_out', 'expired', 'settlement', 'take_profit', 'stop_loss', 'unfunded'));
    ALTER TABLE positions ADD COLUMN validity TEXT NOT NULL DEFAULT 'day' CHECK (validity IN ('day', 'gtc'));
    ALTER TABLE positions ADD COLUMN trigger_price NUMERIC(24, 6);
    ALTER TABLE positions ADD COLUMN trail_amount NUMERIC(24, 6);
    ALTER TABLE positions ADD COLUMN trail_percent NUMERIC(8, 4);
    ALTER TABLE positions ADD COLUMN trail_best NUMERIC(24, 6);
    ALTER TABLE positions ADD COLUMN triggered_at TIMESTAMPTZ;
    ALTER TABLE positions ADD COLUMN take_profit NUMERIC(24, 6);
    ALTER TABLE positions ADD COLUMN stop_loss NUMERIC(24, 6);
    ALTER TABLE positions ADD COLUMN sl_trail_amount NUMERIC(24, 6);
    ALTER TABLE positions ADD COLUMN sl_trail_percent NUMERIC(8, 4);
    ALTER TABLE positions ADD COLUMN sl_trail_best NUMERIC(24, 6);
    ALTER TABLE positions ADD CONSTRAINT trigger_has_level
      CHECK (order_type NOT IN ('stop', 'stop_limit') OR trigger_price IS NOT NULL);
    ALTER TABLE positions ADD CONSTRAINT trailing_has_trail
      CHECK (order_type <> 'trailing_stop' OR ((trail_amount IS NULL) <> (trail_percent IS NULL) AND trail_best IS NOT NULL));
    ALTER TABLE positions ADD CONSTRAINT sl_one_trail
      CHECK (sl_trail_amount IS NULL OR sl_trail_percent IS NULL)
  `,
  );
}
