import type { MessageTemplate } from '@kabuto/contract';
import type { ColumnType, Generated, Kysely, Selectable, Transaction } from 'kysely';

/**
 * Typed tables. Each feature module adds its own tables to `Tables` by declaration merging:
 *   declare module '../../db/schema' { interface Tables { my_table: MyTable } }
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Id = Generated<number>;

/** An account row as read by `authenticate` and the session cache. */
export type User = Selectable<UsersTable>;

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
  /** No longer counted: every secret counts in login_failures (migration 0010). */
  fund_failures: Generated<number>;
  /** No longer set: every secret locks through locked_until (migration 0010). */
  fund_locked_until: Date | null;
  /** Last wrong secret; failures older than the lock window no longer count. */
  secret_failed_at: Date | null;
  created_at: Timestamp;
  /** Whether any second factor (a passkey, TOTP) is on: sign-in and step-up read it (SPEC §13.1). */
  second_factor: Generated<boolean>;
  /** The random user handle the investor's passkeys carry (base64url); null before the first. */
  webauthn_handle: string | null;
}

export interface SessionsTable {
  id: Id;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Date;
  ended_at: Date | null;
  /** The browser that opened the session (shortened), for the list of active sessions. */
  user_agent: string | null;
  /** The last fresh proof of a second factor in this session (SPEC §13.1 step-up). */
  stepped_up_at: Date | null;
  /** The client address that opened the session. */
  address: string | null;
}

/** Lock state of login names that have no account (SPEC §6.1: answers do not reveal which exist). */
export interface LoginThrottleTable {
  account: string;
  failures: number;
  failed_at: Date;
  locked_until: Date | null;
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
  /** JSON {key, params} (packages/contract/src/messages.ts); null for an operator's message. */
  template: ColumnType<MessageTemplate | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  /** When the notifier claimed it for live and push delivery (SPEC §13.3); null: not yet. */
  pushed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
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
  /** Base32 TOTP secret (set up, then enabled with a first code). */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_enabled: Generated<boolean>;
  created_at: Timestamp;
}

export interface OperatorSessionsTable {
  id: Id;
  operator_id: number;
  token_hash: string;
  expires_at: Date;
  /** The session's last call (null: none since sign-in); idle past `operatorIdleMinutes`, it ends. */
  last_seen_at: ColumnType<Date | null, Date | undefined, Date>;
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

export interface ReviewsTable {
  id: Id;
  kind: string;
  /** The business row under review, in the kind's own table. */
  subject_id: number;
  user_id: number;
  state: Generated<'pending' | 'approved' | 'rejected'>;
  created_at: Date;
  /** SPEC §9: the promised time, shown against the waiting time. */
  due_at: Date;
  reviewer_id: number | null;
  reviewed_at: Date | null;
  reason: string | null;
}

export interface LedgerHoldsTable {
  id: Id;
  user_id: number;
  currency: string;
  purpose: string;
  amount_minor: number;
  state: Generated<'held' | 'settled' | 'released'>;
  ref_type: string | null;
  ref_id: number | null;
  hold_transaction_id: number;
  resolve_transaction_id: number | null;
  created_at: Date;
  resolved_at: Date | null;
}

export interface JobRunsTable {
  job: string;
  slot: string;
  due_at: Date;
  started_at: Date;
  finished_at: Date | null;
  outcome: 'running' | 'done' | 'failed';
  detail: string | null;
}

export interface LoansTable {
  id: Id;
  user_id: number;
  order_no: string;
  currency: string;
  amount_minor: number;
  daily_rate_bps: number;
  term_days: number;
  state: Generated<'pending' | 'rejected' | 'active' | 'overdue' | 'repaid'>;
  interest_minor: Generated<number>;
  reason: string | null;
  reviewer_id: number | null;
  reviewed_at: Date | null;
  /** The review's promised time. */
  due_at: Date;
  started_at: Date | null;
  /** End of the term (started + term days): past it the loan is overdue. */
  matures_at: Date | null;
  repaid_at: Date | null;
  credit_transaction_id: number | null;
  repay_transaction_id: number | null;
  created_at: Date;
}

export interface LoanAccrualsTable {
  loan_id: number;
  /** The Tokyo date of the accrual (one per loan per day). */
  day: string;
  amount_minor: number;
  transaction_id: number | null;
}

export interface CreditEventsTable {
  id: Id;
  user_id: number;
  event: 'verified' | 'on_time_repayment' | 'overdue' | 'stop_out';
  points: number;
  score_after: number;
  memo: string | null;
  created_at: Date;
}

export interface Tables {
  users: UsersTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_postings: LedgerPostingsTable;
  messages: MessagesTable;
  message_reads: MessageReadsTable;
  idempotency_keys: IdempotencyKeysTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  audit_log: AuditLogTable;
  reviews: ReviewsTable;
  ledger_holds: LedgerHoldsTable;
  job_runs: JobRunsTable;
  loans: LoansTable;
  loan_accruals: LoanAccrualsTable;
  credit_events: CreditEventsTable;
}

export type DB = Kysely<Tables>;
export type Tx = Transaction<Tables>;
/** Repositories take either the database or a transaction. */
export type Executor = DB | Tx;
