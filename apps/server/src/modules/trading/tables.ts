import type {
  CloseReason,
  Direction,
  Market,
  OrderType,
  PositionSource,
  PositionState,
  TradeMode,
  Validity,
} from '@kabuto/contract';
import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** NUMERIC prices read back as strings and are written as decimal strings. */
type Price = string;

export interface PositionsTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  code: string;
  market: Market;
  currency: string;
  direction: Direction;
  order_type: OrderType;
  mode: TradeMode;
  leverage: number;
  quantity: number;
  limit_price: Price | null;
  open_price: Price | null;
  opened_at: Date | null;
  opened_trading_day: string | null;
  expires_at: Date | null;
  margin_minor: number;
  /** The open fee (charged at the fill; frozen with the margin while pending). */
  fee_minor: number;
  close_price: Price | null;
  closed_at: Date | null;
  close_fee_minor: number | null;
  realised_pnl_minor: number | null;
  house_absorbed_minor: number | null;
  state: PositionState;
  close_reason: CloseReason | null;
  source: PositionSource;
  source_id: number | null;
  /** SPEC §13.2 (migration 0310). */
  validity: ColumnType<Validity, Validity | undefined, Validity>;
  trigger_price: Price | null;
  trail_amount: Price | null;
  trail_percent: Price | null;
  /** The best price a trailing entry has seen (only ever moves towards the investor). */
  trail_best: Price | null;
  triggered_at: Date | null;
  take_profit: Price | null;
  stop_loss: Price | null;
  sl_trail_amount: Price | null;
  sl_trail_percent: Price | null;
  sl_trail_best: Price | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../db/schema' {
  interface Tables {
    positions: PositionsTable;
  }
}

export type PositionRow = Selectable<PositionsTable>;
