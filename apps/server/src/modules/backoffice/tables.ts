import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface AdjustmentsTable {
  id: Generated<number>;
  user_id: number;
  currency: string;
  /** Signed: a credit is positive, a debit negative. */
  amount_minor: number;
  reason: string;
  state: Generated<'pending' | 'posted' | 'rejected'>;
  requested_by: number;
  decided_by: number | null;
  decision_reason: string | null;
  ledger_transaction_id: number | null;
  created_at: Timestamp;
  decided_at: Date | null;
}

export interface ConfigOverridesTable {
  name: string;
  value: ColumnType<unknown, string, string>;
  updated_by: number | null;
  updated_at: Timestamp;
}

export interface OperatorLoginAttemptsTable {
  username: string;
  failures: number;
  locked_until: Date | null;
}

export interface InvariantChecksTable {
  id: Generated<number>;
  ok: boolean;
  report: ColumnType<unknown, string, string>;
  checked_at: Timestamp;
}

declare module '../../db/schema' {
  interface Tables {
    adjustments: AdjustmentsTable;
    config_overrides: ConfigOverridesTable;
    operator_login_attempts: OperatorLoginAttemptsTable;
    invariant_checks: InvariantChecksTable;
  }
}
