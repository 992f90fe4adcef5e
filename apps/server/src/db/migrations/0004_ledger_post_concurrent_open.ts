import { type Kysely, sql } from 'kysely';
import { LEDGER_POST } from './0002_ledger_post';

/**
 * `ledger_post` opening an account that a concurrent transaction opened first. Its UPDATE finds
 * no row, the other transaction inserts the account and commits, and the row lock taken next then
 * finds it: migration 0002 took that for a balance leaving its sign and refused with
 * balance_insufficient, even for a deposit. Now, once it holds the row's lock, it refuses only
 * when the balance would leave its sign, and otherwise updates the account it now holds.
 */
const BEFORE = `            PERFORM 1 FROM ledger_accounts a
            WHERE a.user_id = p_users[i] AND a.name = p_names[i] AND a.currency = p_currencies[i]
            FOR UPDATE;
            IF FOUND OR (CASE WHEN p_names[i] = 'debt' THEN p_amounts[i] > 0 ELSE p_amounts[i] < 0 END) THEN`;
const AFTER = `            SELECT a.balance_minor INTO v_balance FROM ledger_accounts a
            WHERE a.user_id = p_users[i] AND a.name = p_names[i] AND a.currency = p_currencies[i]
            FOR UPDATE;
            -- Opened by a concurrent transaction since the UPDATE: held now, so the next one updates it.
            IF FOUND AND (CASE WHEN p_names[i] = 'debt' THEN v_balance + p_amounts[i] <= 0
                               ELSE v_balance + p_amounts[i] >= 0 END) THEN
              CONTINUE;
            END IF;
            IF FOUND OR (CASE WHEN p_names[i] = 'debt' THEN p_amounts[i] > 0 ELSE p_amounts[i] < 0 END) THEN`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!LEDGER_POST.includes(BEFORE)) throw new Error('ledger_post is not the function migration 0002 made');
  const mended = LEDGER_POST.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION').replace(BEFORE, AFTER);
  await sql.raw(mended).execute(db);
}
