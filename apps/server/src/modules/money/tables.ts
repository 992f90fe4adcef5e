import type { Generated, Selectable } from 'kysely';

export type ReviewState = 'pending' | 'approved' | 'rejected';

export interface DepositsTable {
  id: Generated<number>;
  user_id: number;
  order_no: string;
  /** bank | quick */
  channel: string;
  currency: string;
  amount_minor: number;
  receipt_file_id: number;
  state: Generated<ReviewState>;
  reason: string | null;
  reviewer_id: number | null;
  reviewed_at: Date | null;
  /** Latest promised arrival: T+1 24:00 (SPEC §6.4). */
  due_at: Date;
  /** The credit, once approved. */
  ledger_transaction_id: number | null;
  created_at: Date;
}

export interface WithdrawalsTable {
  id: number;
  user_id: number;
  order_no: string;
  card_id: number;
  currency: string;
  amount_minor: number;
  state: Generated<ReviewState>;
  reason: string | null;
  reviewer_id: number | null;
  reviewed_at: Date | null;
  /** Within 24 hours, or by midnight of the next business day (SPEC §6.4). */
  due_at: Date;
  /** available → frozen:withdrawal at request. */
  freeze_transaction_id: number;
  /** Paid out (frozen → house:bank) or released (frozen → available). */
  settle_transaction_id: number | null;
  /** The ledger hold of the amount (settled at approval, released at rejection). */
  hold_id: number | null;
  created_at: Date;
}

export interface ExchangesTable {
  id: Generated<number>;
  user_id: number;
  order_no: string;
  from_currency: string;
  to_currency: string;
  from_minor: number;
  to_minor: number;
  /** NUMERIC: units of `to` per one `from`. */
  mid_rate: string;
  rate: string;
  spread_bps: number;
  ledger_transaction_id: number;
  created_at: Date;
}

declare module '../../db/schema' {
  interface Tables {
    deposits: DepositsTable;
    withdrawals: WithdrawalsTable;
    exchanges: ExchangesTable;
  }
}

export type Deposit = Selectable<DepositsTable>;
export type Withdrawal = Selectable<WithdrawalsTable>;
export type Exchange = Selectable<ExchangesTable>;
