import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/**
 * The units (tickets) applied for per new share, counted as applications come in, so a
 * subscription that would take its draw past 2^32 tickets is refused (`subscription_full`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    ALTER TABLE new_shares ADD COLUMN applied_lots BIGINT NOT NULL DEFAULT 0 CHECK (applied_lots >= 0);
    UPDATE new_shares n SET applied_lots = (
      SELECT coalesce(sum(s.quantity / n.min_quantity), 0) FROM ipo_subscriptions s WHERE s.share_id = n.id
    );
    `,
  );
}
