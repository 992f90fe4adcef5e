import { type Kysely, sql } from 'kysely';

/**
 * The ledger has one writer, `postTransactions` (ledger/ledger.ts): a single transaction is a
 * batch of one. The database function `ledger_post` (migration 0002), which wrote single
 * transactions by the same lock-and-sign rule, is no longer called, and goes. The house accounts
 * migration 0002 created stay.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION IF EXISTS ledger_post(text, int8, text, int8, text, timestamptz, text, int8[], text[], text[], int8[])`.execute(
    db,
  );
}
