import type { DayTradeState, Market, ReasonTemplate } from '@kabuto/contract';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** A day-trading application (migration 0430): one per user, market and trading day. */
export interface DayTradesTable {
  id: number;
  user_id: number;
  order_no: string;
  market: Market;
  currency: string;
  /** Market-local date of the trading day the application is for. */
  trading_day: string;
  /** The participation amount, held in `frozen:daytrade` from application to settlement. */
  amount_minor: number;
  /** The intraday leverage granted (config `dayTradeLeverage` at application). */
  leverage: number;
  state: Generated<DayTradeState>;
  /** The ledger hold of the participation. */
  hold_id: number;
  reason: string | null;
  /** The server's own reason as a key with figures (JSON), beside its plain English in `reason`. */
  reason_template: ColumnType<ReasonTemplate | null, string | null | undefined, string | null>;
  reviewer_id: number | null;
  reviewed_at: Date | null;
  due_at: Date;
  /** The session close of the trading day: forced flat and settlement. */
  close_at: Date;
  settled_at: Date | null;
  returned_minor: number | null;
  pnl_minor: number | null;
  fees_minor: number | null;
  created_at: Date;
}

declare module '../../db/schema' {
  interface Tables {
    day_trades: DayTradesTable;
  }
}

export type DayTradeRow = Selectable<DayTradesTable>;
