import type { Kysely } from 'kysely';
import { runStatements } from '../statements';

/**
 * Postings keep their transaction and account ids without foreign-key constraints. A foreign-key
 * check takes a KEY SHARE lock on the referenced row, so every posting to a house account locked
 * that account's row — the one thing house accounts must never be (their balance is the sum of
 * their postings precisely so that busy ones never serialise users), and on PostgreSQL many
 * transactions sharing one row's lock go through multixacts. Postings are written only by
 * `ledger_post` (migration 0002), from the transaction row it has just inserted and account rows
 * it has just locked or found; the ledger's invariant check reports any posting whose transaction
 * or account is missing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `ALTER TABLE ledger_postings DROP CONSTRAINT ledger_postings_transaction_id_fkey;
    ALTER TABLE ledger_postings DROP CONSTRAINT ledger_postings_account_id_fkey`,
  );
}
