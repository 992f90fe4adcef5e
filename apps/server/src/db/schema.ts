import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';

/**
 * Typed tables. Each feature module adds its own tables to `Tables` by declaration merging:
 *   declare module '../../db/schema' { interface Tables { my_table: MyTable } }
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Id = Generated<number>;

export interface UsersTable {
  id: Id;
  account: string;
  password_hash: string;
  fund_password_hash: string | null;
  invite_code: string;
  invited_by: number | null;
  language: string;
  kyc_state: Generated<string>;
  real_name: string | null;
  credit_score: number | null;
  risk_accepted: Generated<boolean>;
  banned: Generated<boolean>;
  frozen: Generated<boolean>;
  trade_barred: Generated<boolean>;
  flag_reason: string | null;
  login_failures: Generated<number>;
  locked_until: Date | null;
  fund_failures: Generated<number>;
  fund_locked_until: Date | null;
  created_at: Timestamp;
}

export interface SessionsTable {
  id: Id;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Date;
  ended_at: Date | null;
}

export interface LedgerAccountsTable {
  id: Id;
  /** 0 = the house. */
  user_id: number;
  /** available | frozen:<purpose> | debt | house:<purpose> */
  name: string;
  currency: string;
  /** Kept for user accounts only; house balances are the sum of their postings. */
  balance_minor: Generated<number>;
}

export interface LedgerTransactionsTable {
  id: Id;
  kind: string;
  order_no: string;
  user_id: number | null;
  ref_type: string | null;
  ref_id: number | null;
  memo: string | null;
  created_at: Timestamp;
}

export interface LedgerPostingsTable {
  id: Id;
  transaction_id: number;
  account_id: number;
  amount_minor: number;
  /** Balance of the account after this posting; null for house accounts. */
  balance_after_minor: number | null;
}

export interface MessagesTable {
  id: Id;
  /** null = broadcast to everyone. */
  user_id: number | null;
  kind: string;
  /** JSON {cn, us, jp}. */
  title: ColumnType<Record<string, string>, string, string>;
  body: ColumnType<Record<string, string>, string, string>;
  created_at: Timestamp;
}

export interface MessageReadsTable {
  user_id: number;
  message_id: number;
  read_at: Timestamp;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  path: string;
  request_hash: string;
  status_code: number;
  response: ColumnType<unknown, string, string>;
  created_at: Timestamp;
}

export interface OperatorsTable {
  id: Id;
  username: string;
  password_hash: string;
  role: string;
  disabled: Generated<boolean>;
  created_at: Timestamp;
}

export interface OperatorSessionsTable {
  id: Id;
  operator_id: number;
  token_hash: string;
  expires_at: Date;
  created_at: Timestamp;
}

export interface AuditLogTable {
  id: Id;
  operator_id: number | null;
  action: string;
  target_type: string;
  target_id: string;
  reason: string | null;
  details: ColumnType<unknown, string, string>;
  created_at: Timestamp;
}

export interface Tables {
  users: UsersTable;
  sessions: SessionsTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_postings: LedgerPostingsTable;
  messages: MessagesTable;
  message_reads: MessageReadsTable;
  idempotency_keys: IdempotencyKeysTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  audit_log: AuditLogTable;
}

export type DB = Kysely<Tables>;
export type Tx = Transaction<Tables>;
/** Repositories take either the database or a transaction. */
export type Executor = DB | Tx;
