import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/**
 * A day-trading application the session close overtook keeps the server's reason as a key with
 * figures (packages/contract reasons.ts), for the investor's app to write in their language;
 * `reason` keeps its plain English for the back office.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'ALTER TABLE day_trades ADD COLUMN reason_template JSONB;');
}
