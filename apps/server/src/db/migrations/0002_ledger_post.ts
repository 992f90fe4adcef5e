import { type Kysely, sql } from 'kysely';

/**
 * The ledger's write path as one database function (ledger.ts `postTransaction`), so posting a
 * transaction is one statement whose inner statements keep their plans between calls, and a
 * business row can be written in the same statement.
 *
 * `ledger_post` writes the transaction row and one posting per entry of the four arrays (one
 * entry per account, in key order: user id, then account name and currency in byte order).
 * A user account is updated under its row lock, in that order, so two transactions always lock
 * in the same order and cannot deadlock; an account is created by its first posting. When a
 * balance would leave its sign (available and frozen ≥ 0, debt ≤ 0) it raises SQLSTATE KB001
 * with DETAIL "<account> <currency>" and the caller's statement writes nothing. House accounts
 * are found by key and not locked: a house balance is the sum of its postings (user_id 0 rows
 * keep 0), so busy house accounts never serialise users. Every house account exists in every
 * currency from here on; the lists are as of this migration, and a later house account or
 * currency comes with its own migration.
 */
const HOUSE_ACCOUNTS = [
  'house:bank',
  'house:fees',
  'house:pnl',
  'house:fx',
  'house:loans',
  'house:adjustments',
];
const CURRENCIES = ['JPY', 'USD', 'CNY', 'TWD', 'HKD', 'THB', 'VND', 'MYR', 'KRW', 'SAR'];

export async function up(db: Kysely<unknown>): Promise<void> {
  const rows = HOUSE_ACCOUNTS.flatMap((name) =>
    CURRENCIES.map((currency) => `(0, '${name}', '${currency}')`),
  );
  await sql
    .raw(`INSERT INTO ledger_accounts (user_id, name, currency) VALUES ${rows.join(', ')}
          ON CONFLICT (user_id, name, currency) DO NOTHING`)
    .execute(db);
  // One statement (its body holds semicolons, so not through runStatements).
  await sql.raw(LEDGER_POST).execute(db);
}

/** The function as this migration creates it (migration 0004 mends how it opens an account). */
export const LEDGER_POST = `
    CREATE FUNCTION ledger_post(
      p_kind text, p_user_id int8, p_ref_type text, p_ref_id int8, p_memo text, p_at timestamptz,
      p_stamp text, p_users int8[], p_names text[], p_currencies text[], p_amounts int8[]
    ) RETURNS TABLE (transaction_id int8, order_no text)
    LANGUAGE plpgsql AS $f$
    DECLARE
      i int;
      v_account int8;
      v_balance int8;
    BEGIN
      transaction_id := nextval('ledger_transactions_id_seq');
      order_no := p_stamp || lpad(transaction_id::text, 8, '0');
      INSERT INTO ledger_transactions (id, kind, order_no, user_id, ref_type, ref_id, memo, created_at)
      VALUES (transaction_id, p_kind, order_no, p_user_id, p_ref_type, p_ref_id, p_memo, p_at);
      FOR i IN 1 .. coalesce(array_length(p_users, 1), 0) LOOP
        IF p_users[i] = 0 THEN
          SELECT a.id INTO v_account FROM ledger_accounts a
          WHERE a.user_id = 0 AND a.name = p_names[i] AND a.currency = p_currencies[i];
          IF NOT FOUND THEN
            RAISE EXCEPTION 'house account % % is missing', p_names[i], p_currencies[i];
          END IF;
          v_balance := NULL;
        ELSE
          LOOP
            UPDATE ledger_accounts a SET balance_minor = a.balance_minor + p_amounts[i]
            WHERE a.user_id = p_users[i] AND a.name = p_names[i] AND a.currency = p_currencies[i]
              AND CASE WHEN a.name = 'debt' THEN a.balance_minor + p_amounts[i] <= 0
                       ELSE a.balance_minor + p_amounts[i] >= 0 END
            RETURNING a.id, a.balance_minor INTO v_account, v_balance;
            EXIT WHEN FOUND;
            -- Not updated: the account exists and the balance would leave its sign, or it is new.
            PERFORM 1 FROM ledger_accounts a
            WHERE a.user_id = p_users[i] AND a.name = p_names[i] AND a.currency = p_currencies[i]
            FOR UPDATE;
            IF FOUND OR (CASE WHEN p_names[i] = 'debt' THEN p_amounts[i] > 0 ELSE p_amounts[i] < 0 END) THEN
              RAISE EXCEPTION USING ERRCODE = 'KB001', MESSAGE = 'balance_insufficient',
                DETAIL = p_names[i] || ' ' || p_currencies[i];
            END IF;
            INSERT INTO ledger_accounts (user_id, name, currency, balance_minor)
            VALUES (p_users[i], p_names[i], p_currencies[i], p_amounts[i])
            ON CONFLICT (user_id, name, currency) DO NOTHING
            RETURNING id, balance_minor INTO v_account, v_balance;
            -- Created by a concurrent transaction in the meantime: update it instead.
            EXIT WHEN FOUND;
          END LOOP;
        END IF;
        INSERT INTO ledger_postings (transaction_id, account_id, amount_minor, balance_after_minor)
        VALUES (transaction_id, v_account, p_amounts[i], v_balance);
      END LOOP;
      RETURN NEXT;
    END
    $f$`;
