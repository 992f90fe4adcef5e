import {
  CURRENCIES,
  type Currency,
  FROZEN_PURPOSES,
  type FrozenPurpose,
  LEDGER_KINDS,
  type LedgerKind,
} from '@kabuto/contract';
import { assertBalanced } from '@kabuto/domain';
import { type RawBuilder, sql } from 'kysely';
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

export { FROZEN_PURPOSES, type FrozenPurpose } from '@kabuto/contract';

export type UserAccount = 'available' | `frozen:${FrozenPurpose}` | 'debt';
/**
 * House accounts: bank clearing, fees, the house's trading P&L, FX, loans, adjustments. Each
 * exists in every currency (migration 0002); a new name comes with a migration creating it.
 */
export const HOUSE_ACCOUNTS = [
  'house:bank',
  'house:fees',
  'house:pnl',
  'house:fx',
  'house:loans',
  'house:adjustments',
] as const;
export type HouseAccount = (typeof HOUSE_ACCOUNTS)[number];

export type PostingInput =
  | { userId: number; account: UserAccount; currency: Currency; amountMinor: number }
  | { userId: typeof HOUSE; account: HouseAccount; currency: Currency; amountMinor: number };

export interface TransactionInput {
  /** What happened (a closed list, LEDGER_KINDS): deposit, withdrawal_freeze, exchange, order_open, … */
  kind: LedgerKind;
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

const KNOWN_KINDS: ReadonlySet<string> = new Set(LEDGER_KINDS);

/** The SQLSTATE `ledger_post` raises when a balance would leave its sign (migration 0002). */
const BALANCE_REFUSED = 'KB001';

/**
 * A transaction's postings checked (a known kind, balanced, safe integers), netted per account
 * (accounts netting to zero dropped) and sorted into the key order accounts are locked in.
 */
function keyOrdered(input: TransactionInput): PostingInput[] {
  if (!KNOWN_KINDS.has(input.kind)) throw new Error(`unknown ledger transaction kind: ${String(input.kind)}`);
  assertBalanced(
    input.postings.map((p) => ({ account: accountKey(p), currency: p.currency, amountMinor: p.amountMinor })),
  );
  const net = new Map<string, PostingInput>();
  for (const p of input.postings) {
    const key = accountKey(p);
    const seen = net.get(key);
    net.set(key, seen ? { ...seen, amountMinor: seen.amountMinor + p.amountMinor } : { ...p });
  }
  return [...net.entries()]
    .filter(([, p]) => p.amountMinor !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, p]) => p);
}

/**
 * The ledger transaction as a table expression, `ledger_post(…)`, yielding one row
 * `(transaction_id, order_no)`: for a caller that writes its business row in the same statement
 * (`WITH t AS MATERIALIZED (SELECT * FROM ${ledgerPost(…)}) INSERT … (SELECT order_no FROM t)`).
 * Run it through `ledgerRefusals` so a refusal surfaces as `balance_insufficient`.
 *
 * The postings are checked here (balanced, safe integers), netted per account and sorted into
 * the key order the function locks in. See migration 0002 for what the function does.
 */
export function ledgerPost(input: TransactionInput, now: Date): RawBuilder<PostedTransactionRow> {
  const postings = keyOrdered(input);
  const stamp = orderNoFor(now, 0).slice(0, 14);
  return sql<PostedTransactionRow>`ledger_post(${input.kind}, ${input.userId}::int8, ${input.refType ?? null}::text,
    ${input.refId ?? null}::int8, ${input.memo ?? null}::text, ${now}::timestamptz, ${stamp},
    ${postings.map((p) => p.userId)}::int8[], ${postings.map((p) => p.account)}::text[],
    ${postings.map((p) => p.currency)}::text[], ${postings.map((p) => p.amountMinor)}::int8[])`;
}

export interface PostedTransactionRow {
  transaction_id: number;
  order_no: string;
}

/** Runs a statement that posts through `ledgerPost`, turning the ledger's refusal into `balance_insufficient`. */
export async function ledgerRefusals<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const { code, detail } = error as { code?: unknown; detail?: unknown };
    if (code !== BALANCE_REFUSED) throw error;
    const [account, currency] = typeof detail === 'string' ? detail.split(' ') : [];
    throw new DomainError('balance_insufficient', { currency, account });
  }
}

/**
 * Writes one balanced transaction in one statement. Must run inside the caller's database
 * transaction (`trx`): the business row and the postings commit or roll back together.
 * Refuses with `balance_insufficient` when a user's available or frozen balance would go negative
 * (or a debt positive); nothing is written then.
 */
export async function postTransaction(
  trx: Tx,
  input: TransactionInput,
  now: Date,
): Promise<PostedTransaction> {
  const call = ledgerPost(input, now);
  const { rows } = await ledgerRefusals(() => sql<PostedTransactionRow>`SELECT * FROM ${call}`.execute(trx));
  return { transactionId: Number(rows[0]!.transaction_id), orderNo: rows[0]!.order_no };
}

/**
 * Writes many balanced transactions in a fixed handful of statements, whatever their number (one
 * batch of a copy fan-out). Writes what `postTransaction` writes for each in turn — the
 * transaction rows in input order with their order numbers, each one's postings in key order,
 * every user posting with the balance after it — and refuses the same way: `balance_insufficient`
 * when any user balance would leave its sign at any posting; the caller's transaction then rolls
 * back with the refusal. Must run inside the caller's database transaction.
 *
 * Locks: every user account the batch touches is locked once, all in key order (user id, then
 * account name and currency), the order `ledger_post` locks one transaction's accounts in, so a
 * batch and any other transaction cannot deadlock on accounts; an account the batch opens (at
 * zero, then updated) is new to every other transaction. House accounts are found, never locked.
 */
export async function postTransactions(
  trx: Tx,
  inputs: readonly TransactionInput[],
  now: Date,
): Promise<PostedTransaction[]> {
  if (inputs.length === 0) return [];
  // One transaction: the ledger function's single statement.
  if (inputs.length === 1) return [await postTransaction(trx, inputs[0]!, now)];
  const ordered = inputs.map(keyOrdered);
  // The user accounts in key order, and the house accounts, the batch posts to.
  const userKeys = new Map<string, PostingInput>();
  const houseKeys = new Map<string, PostingInput>();
  for (const postings of ordered)
    for (const p of postings) (p.userId === HOUSE ? houseKeys : userKeys).set(accountKey(p), p);
  const users = [...userKeys.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, p]) => p);
  type AccountRow = { id: number; user_id: number; name: string; currency: string; balance_minor: number };
  const lockAccounts = (keys: PostingInput[]) =>
    sql<AccountRow>`
      SELECT a.id, a.user_id, a.name, a.currency, a.balance_minor
      FROM unnest(${keys.map((p) => p.userId)}::int8[], ${keys.map((p) => p.account)}::text[],
                  ${keys.map((p) => p.currency)}::text[]) AS k(user_id, name, currency)
      JOIN ledger_accounts a ON a.user_id = k.user_id AND a.name = k.name AND a.currency = k.currency
      ORDER BY a.user_id, a.name, a.currency
      FOR UPDATE OF a`.execute(trx);
  const accounts = new Map<string, { id: number; balance: number }>();
  const remember = (rows: AccountRow[]) => {
    for (const r of rows)
      accounts.set(accountKey({ userId: Number(r.user_id), account: r.name, currency: r.currency }), {
        id: Number(r.id),
        balance: Number(r.balance_minor),
      });
  };
  if (users.length > 0) remember((await lockAccounts(users)).rows);
  // Accounts opened by their first posting: created at zero (new rows are the batch's alone);
  // one another transaction opened meanwhile is locked like the others.
  const missing = users.filter((p) => !accounts.has(accountKey(p)));
  if (missing.length > 0) {
    const created = await sql<AccountRow>`
      INSERT INTO ledger_accounts (user_id, name, currency)
      SELECT * FROM unnest(${missing.map((p) => p.userId)}::int8[], ${missing.map((p) => p.account)}::text[],
                           ${missing.map((p) => p.currency)}::text[])
      ON CONFLICT (user_id, name, currency) DO NOTHING
      RETURNING id, user_id, name, currency, balance_minor`.execute(trx);
    remember(created.rows);
    const raced = missing.filter((p) => !accounts.has(accountKey(p)));
    if (raced.length > 0) remember((await lockAccounts(raced)).rows);
  }
  if (houseKeys.size > 0) {
    const house = [...houseKeys.values()];
    const { rows } = await sql<{ id: number; name: string; currency: string }>`
      SELECT a.id, a.name, a.currency FROM ledger_accounts a
      WHERE a.user_id = 0 AND (a.name, a.currency) IN (
        SELECT * FROM unnest(${house.map((p) => p.account)}::text[], ${house.map((p) => p.currency)}::text[]))`.execute(
      trx,
    );
    for (const r of rows)
      accounts.set(accountKey({ userId: HOUSE, account: r.name, currency: r.currency }), {
        id: Number(r.id),
        balance: 0,
      });
    for (const p of house)
      if (!accounts.has(accountKey(p)))
        throw new Error(`house account ${p.account} ${p.currency} is missing`);
  }
  // Each posting in turn, as the ledger function applies them: a user balance keeps its sign.
  const posting = {
    account: [] as number[],
    amount: [] as number[],
    after: [] as Array<number | null>,
    tx: [] as number[],
  };
  for (const [i, postings] of ordered.entries()) {
    for (const p of postings) {
      const account = accounts.get(accountKey(p))!;
      let after: number | null = null;
      if (p.userId !== HOUSE) {
        after = account.balance + p.amountMinor;
        if (p.account === 'debt' ? after > 0 : after < 0)
          throw new DomainError('balance_insufficient', { currency: p.currency, account: p.account });
        account.balance = after;
      }
      posting.tx.push(i);
      posting.account.push(account.id);
      posting.amount.push(p.amountMinor);
      posting.after.push(after);
    }
  }
  const stamp = orderNoFor(now, 0).slice(0, 14);
  const { rows: transactions } = await sql<{ id: number; order_no: string }>`
    WITH x AS MATERIALIZED (
      SELECT nextval('ledger_transactions_id_seq') AS id, x.*
      FROM unnest(${inputs.map((t) => t.kind)}::text[], ${inputs.map((t) => t.userId)}::int8[],
                  ${inputs.map((t) => t.refType ?? null)}::text[], ${inputs.map((t) => t.refId ?? null)}::int8[],
                  ${inputs.map((t) => t.memo ?? null)}::text[]) WITH ORDINALITY AS x(kind, user_id, ref_type, ref_id, memo, n)
    ), written AS (
      INSERT INTO ledger_transactions (id, kind, order_no, user_id, ref_type, ref_id, memo, created_at)
      SELECT id, kind, ${stamp} || lpad(id::text, 8, '0'), user_id, ref_type, ref_id, memo, ${now}::timestamptz
      FROM x ORDER BY n
    )
    SELECT id, ${stamp} || lpad(id::text, 8, '0') AS order_no FROM x ORDER BY n`.execute(trx);
  const userAccounts = users.map((p) => accounts.get(accountKey(p))!);
  await sql`
    UPDATE ledger_accounts a SET balance_minor = v.balance
    FROM unnest(${userAccounts.map((a) => a.id)}::int8[], ${userAccounts.map((a) => a.balance)}::int8[]) AS v(id, balance)
    WHERE a.id = v.id`.execute(trx);
  await sql`
    INSERT INTO ledger_postings (transaction_id, account_id, amount_minor, balance_after_minor)
    SELECT * FROM unnest(${posting.tx.map((i) => transactions[i]!.id)}::int8[], ${posting.account}::int8[],
                         ${posting.amount}::int8[], ${posting.after}::int8[])`.execute(trx);
  return transactions.map((t) => ({ transactionId: Number(t.id), orderNo: t.order_no }));
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

/** One of a user's accounts a transaction moved, and by how much (ledger sign: debt < 0 is owed). */
export interface AccountMovement {
  transactionId: number;
  currency: Currency;
  account: UserAccount;
  amountMinor: number;
}

/**
 * What the given transactions did to each of the user's own accounts (SPEC §0.2: a fund record
 * names the account a movement touched: available, frozen:<purpose> or debt). Postings to one
 * account within a transaction are summed; accounts left unchanged are left out.
 */
export async function userMovements(
  db: Executor,
  userId: number,
  transactionIds: readonly number[],
): Promise<AccountMovement[]> {
  if (transactionIds.length === 0) return [];
  const rows = await sql<{ transaction_id: string; currency: string; name: string; amount: string }>`
    SELECT p.transaction_id::text AS transaction_id, a.currency, a.name, SUM(p.amount_minor)::text AS amount
    FROM ledger_postings p
    JOIN ledger_accounts a ON a.id = p.account_id AND a.user_id = ${userId}
    WHERE p.transaction_id = ANY(${[...transactionIds]}::int8[])
    GROUP BY p.transaction_id, a.currency, a.name
    HAVING SUM(p.amount_minor) <> 0
    ORDER BY p.transaction_id, a.currency, a.name`.execute(db);
  return rows.rows.map((r) => ({
    transactionId: Number(r.transaction_id),
    currency: r.currency as Currency,
    account: r.name as UserAccount,
    amountMinor: Number(r.amount),
  }));
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
  /** Postings whose transaction or account does not exist. */
  orphanPostings: number[];
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
  const orphans = await sql<{ id: number }>`
    SELECT p.id FROM ledger_postings p
    WHERE NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.id = p.transaction_id)
       OR NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = p.account_id)`.execute(db);
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
    orphanPostings: orphans.rows.map((r) => Number(r.id)),
    ok: false,
  };
  report.ok =
    report.unbalancedCurrencies.length === 0 &&
    report.driftedAccounts.length === 0 &&
    report.negativeAccounts.length === 0 &&
    report.unbalancedTransactions.length === 0 &&
    report.orphanPostings.length === 0;
  return report;
}
