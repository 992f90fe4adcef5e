import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/**
 * A message keeps which message it is and its figures (packages/contract/src/messages.ts), so
 * the reader's app writes amounts and dates in the reader's rules. Null for messages written by
 * an operator and for those stored before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, 'ALTER TABLE messages ADD COLUMN template JSONB;');
}
