import { CURRENCIES, type Currency } from '@kabuto/contract';
import { assertBalanced } from '@kabuto/domain';
import { sql } from 'kysely';
import type { Executor, Tx } from '../db/schema';
import { DomainError } from '../errors';

/**
 * The ledger (SPEC §0.2, ARCHITECTURE "Data"). Every movement of money is one ledger
 * transaction whose postings sum to zero per currency, written inside the caller's database
 * transaction together with the business row it belongs to.
 *
 * Accounts: per user per currency `available`, `frozen:<purpose>` and `debt` (a negative
 * balance is money owed); the house (user 0) has `house:<purpose>` accounts. User balances are
 * kept in `ledger_accounts.balance_minor` under row locks taken in a fixed order; house balances
 * are the sum of their postings, so hot house accounts never serialise user traffic.
 */
export const HOUSE = 0;

/** What funds are frozen for (SPEC §6.4 "Frozen funds"). */
export const FROZEN_PURPOSES = ['order', 'withdrawal', 'ipo', 'copy', 'block', 'daytrade'] as const;
export type FrozenPurpose = (typeof FROZEN_PURPOSES)[number];

export type UserAccount = 'available' | `frozen:${FrozenPurpose}` | 'debt';
/** House accounts: bank clearing, fees, the house's trading P&L, FX, loans, adjustments. */
export type HouseAccount =
  | 'house:bank'
  | 'house:fees'
  | 'house:pnl'
  | 'house:fx'
  | 'house:loans'
  | 'house:adjustments';

export type PostingInput =
  | { userId: number; account: UserAccount; currency: Currency; amountMinor: number }
  | { userId: typeof HOUSE; account: HouseAccount; currency: Currency; amountMinor: number };

export interface TransactionInput {
  /** What happened: deposit, withdrawal_freeze, withdrawal_paid, exchange, order_open, … */
  kind: string;
  /** The user the transaction belongs to (shown in their fund records); null for house-only moves. */
  userId: number | null;
  refType?: string;
  refId?: number;
  memo?: string;
  postings: PostingInput[];
}

export interface PostedTransaction {
  transactionId: number;
  orderNo: string;
}

/** Order numbers shown to users: the date and time, then the transaction's own id (unique). */
export function orderNoFor(now: Date, id: number): string {
  const stamp = now
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 14);
  return `${stamp}${String(id).padStart(8, '0')}`;
}

const accountKey = (p: { userId: number; account: string; currency: string }) =>
  `${String(p.userId).padStart(16, '0')}|${p.account}|${p.currency}`;

/**
 * Writes one balanced transaction. Must run inside a database transaction (`trx`), which is
 * the caller's: the business row and the postings commit or roll back together.
 * Refuses with `balance_insufficient` when a user's available or frozen balance would go negative.
 */
export async function postTransaction(
  trx: Tx,
  input: TransactionInput,
  now: Date,
): Promise<PostedTransaction> {
  assertBalanced(
    input.postings.map((p) => ({ account: accountKey(p), currency: p.currency, amountMinor: p.amountMinor })),
  );

  // Net postings per account so an account appears once; drop accounts that net to zero.
  const net = new Map<string, PostingInput>();
  for (const p of input.postings) {
    const key = accountKey(p);
    const seen = net.get(key);
    net.set(key, seen ? { ...seen, amountMinor: seen.amountMinor + p.amountMinor } : { ...p });
  }
  const postings = [...net.entries()]
    .filter(([, p]) => p.amountMinor !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, p]) => p);

  // Read every account in two statements: the user accounts locked in one fixed order (no
  // deadlocks between transactions), the house accounts without a lock. Missing accounts are
  // created in one statement and read again.
  type AccountRow = { id: number; user_id: number; name: string; currency: string; balance_minor: number };
  const userPostings = postings.filter((p) => p.userId !== HOUSE);
  const housePostings = postings.filter((p) => p.userId === HOUSE);
  const keysOf = (list: PostingInput[]) =>
    sql.join(list.map((p) => sql`(${p.userId}::int8, ${p.account}::text, ${p.currency}::text)`));
  const readAccounts = async (): Promise<AccountRow[]> => {
    const found: AccountRow[] = [];
    if (userPostings.length > 0) {
      const locked = await sql<AccountRow>`
        SELECT id, user_id, name, currency, balance_minor FROM ledger_accounts
        WHERE (user_id, name, currency) IN (${keysOf(userPostings)})
        ORDER BY user_id, name COLLATE "C", currency COLLATE "C"
        FOR UPDATE`.execute(trx);
      found.push(...locked.rows);
    }
    if (housePostings.length > 0) {
      const house = await sql<AccountRow>`
        SELECT id, user_id, name, currency, balance_minor FROM ledger_accounts
        WHERE (user_id, name, currency) IN (${keysOf(housePostings)})`.execute(trx);
      found.push(...house.rows);
    }
    return found;
  };
  let accounts = await readAccounts();
  if (accounts.length < postings.length) {
    await trx
      .insertInto('ledger_accounts')
      .values(postings.map((p) => ({ user_id: p.userId, name: p.account, currency: p.currency })))
      .onConflict((oc) => oc.columns(['user_id', 'name', 'currency']).doNothing())
      .execute();
    accounts = await readAccounts();
  }
  const byKey = new Map(
    accounts.map((a) => [
      accountKey({ userId: Number(a.user_id), account: a.name, currency: a.currency }),
      a,
    ]),
  );

  const rows: Array<{ accountId: number; amount: number; after: number | null }> = [];
  const updates: Array<{ id: number; after: number }> = [];
  for (const p of postings) {
    const account = byKey.get(accountKey(p));
    if (!account) throw new Error(`ledger account missing: ${accountKey(p)}`);
    if (p.userId === HOUSE) {
      rows.push({ accountId: account.id, amount: p.amountMinor, after: null });
      continue;
    }
    const after = Number(account.balance_minor) + p.amountMinor;
    if (!Number.isSafeInteger(after)) throw new Error('ledger balance overflow');
    if (p.account === 'debt' ? after > 0 : after < 0) {
      throw new DomainError('balance_insufficient', { currency: p.currency, account: p.account });
    }
    updates.push({ id: account.id, after });
    rows.push({ accountId: account.id, amount: p.amountMinor, after });
  }
  if (updates.length > 0) {
    await sql`
      UPDATE ledger_accounts AS a SET balance_minor = v.after
      FROM (VALUES ${sql.join(updates.map((u) => sql`(${u.id}::int8, ${u.after}::int8)`))}) AS v(id, after)
      WHERE a.id = v.id`.execute(trx);
  }

  // The transaction and its postings in one statement; the order number embeds the new id.
  const stamp = orderNoFor(now, 0).slice(0, 14);
  const postingValues = sql.join(
    rows.map((r) => sql`(${r.accountId}::int8, ${r.amount}::int8, ${r.after}::int8)`),
  );
  const inserted = await sql<{ id: number; order_no: string }>`
    WITH t AS (
      INSERT INTO ledger_transactions (id, kind, order_no, user_id, ref_type, ref_id, memo, created_at)
      SELECT s.id, ${input.kind}, ${stamp} || lpad(s.id::text, 8, '0'), ${input.userId}::int8,
             ${input.refType ?? null}::text, ${input.refId ?? null}::int8, ${input.memo ?? null}::text, ${now}::timestamptz
      FROM (SELECT nextval('ledger_transactions_id_seq')::int8 AS id) AS s
      RETURNING id, order_no
    )${
      rows.length > 0
        ? sql`, p AS (
      INSERT INTO ledger_postings (transaction_id, account_id, amount_minor, balance_after_minor)
      SELECT t.id, v.account_id, v.amount, v.after FROM t, (VALUES ${postingValues}) AS v(account_id, amount, after)
    )`
        : sql``
    }
    SELECT id, order_no FROM t`.execute(trx);
  const tx = { id: Number(inserted.rows[0]!.id) };
  const orderNo = inserted.rows[0]!.order_no;
  return { transactionId: tx.id, orderNo };
}

/**
 * A user's available balance right after a ledger transaction, as a subquery for fund-record
 * lists whose rows point at their ledger transaction (`transactionColumn`, e.g. `d.ledger_transaction_id`).
 */
export function availableBalanceAfter(transactionColumn: string, userId: number) {
  return sql<number | null>`(
    SELECT p.balance_after_minor FROM ledger_postings p
    JOIN ledger_accounts a ON a.id = p.account_id
    WHERE p.transaction_id = ${sql.ref(transactionColumn)} AND a.user_id = ${userId} AND a.name = 'available'
    LIMIT 1)`;
}

export type Balances = Record<
  Currency,
  { available: number; frozen: Record<FrozenPurpose, number>; debt: number }
>;

export function emptyBalances(): Balances {
  const out = {} as Balances;
  for (const c of CURRENCIES) {
    out[c] = {
      available: 0,
      debt: 0,
      frozen: Object.fromEntries(FROZEN_PURPOSES.map((p) => [p, 0])) as Record<FrozenPurpose, number>,
    };
  }
  return out;
}

/** A user's balances in every currency (zeros where no account exists yet). */
export async function userBalances(db: Executor, userId: number): Promise<Balances> {
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['name', 'currency', 'balance_minor'])
    .where('user_id', '=', userId)
    .execute();
  const out = emptyBalances();
  for (const row of rows) {
    const slot = out[row.currency as Currency];
    if (!slot) continue;
    if (row.name === 'available') slot.available = row.balance_minor;
    else if (row.name === 'debt') slot.debt = row.balance_minor;
    else if (row.name.startsWith('frozen:'))
      slot.frozen[row.name.slice(7) as FrozenPurpose] = row.balance_minor;
  }
  return out;
}

export function frozenTotal(balance: Balances[Currency]): number {
  return Object.values(balance.frozen).reduce((a, b) => a + b, 0);
}

export interface InvariantReport {
  ok: boolean;
  /** Currencies whose postings do not sum to zero. */
  unbalancedCurrencies: Array<{ currency: string; sum: number }>;
  /** User accounts whose stored balance differs from the sum of their postings. */
  driftedAccounts: Array<{ accountId: number; stored: number; posted: number }>;
  /** User accounts with a balance of the wrong sign. */
  negativeAccounts: Array<{ accountId: number; balance: number }>;
  /** Transactions whose postings do not sum to zero per currency. */
  unbalancedTransactions: number[];
}

/** The ledger's invariants (ARCHITECTURE "Data"): checked by tests after any load. */
export async function checkInvariant(db: Executor): Promise<InvariantReport> {
  const sums = await sql<{ currency: string; total: string }>`
    SELECT a.currency, COALESCE(SUM(p.amount_minor), 0)::text AS total
    FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
    GROUP BY a.currency`.execute(db);
  const drift = await sql<{ id: number; stored: string; posted: string }>`
    SELECT a.id, a.balance_minor::text AS stored, COALESCE(SUM(p.amount_minor), 0)::text AS posted
    FROM ledger_accounts a LEFT JOIN ledger_postings p ON p.account_id = a.id
    WHERE a.user_id <> 0
    GROUP BY a.id, a.balance_minor
    HAVING a.balance_minor <> COALESCE(SUM(p.amount_minor), 0)`.execute(db);
  const negative = await sql<{ id: number; balance: string }>`
    SELECT id, balance_minor::text AS balance FROM ledger_accounts
    WHERE user_id <> 0 AND ((name = 'debt' AND balance_minor > 0) OR (name <> 'debt' AND balance_minor < 0))`.execute(
    db,
  );
  const unbalancedTx = await sql<{ transaction_id: number }>`
    SELECT p.transaction_id FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
    GROUP BY p.transaction_id, a.currency HAVING SUM(p.amount_minor) <> 0`.execute(db);
  const report: InvariantReport = {
    unbalancedCurrencies: sums.rows
      .filter((r) => r.total !== '0')
      .map((r) => ({ currency: r.currency, sum: Number(r.total) })),
    driftedAccounts: drift.rows.map((r) => ({
      accountId: Number(r.id),
      stored: Number(r.stored),
      posted: Number(r.posted),
    })),
    negativeAccounts: negative.rows.map((r) => ({ accountId: Number(r.id), balance: Number(r.balance) })),
    unbalancedTransactions: unbalancedTx.rows.map((r) => Number(r.transaction_id)),
    ok: false,
  };
  report.ok =
    report.unbalancedCurrencies.length === 0 &&
    report.driftedAccounts.length === 0 &&
    report.negativeAccounts.length === 0 &&
    report.unbalancedTransactions.length === 0;
  return report;
}
