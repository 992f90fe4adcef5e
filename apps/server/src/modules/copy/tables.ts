import type { Labels, Market } from '@kabuto/contract';
import type { StrategyKind } from '@kabuto/domain';
import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface CopyLeadersTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** The name in each language ({cn, us, jp}); null: `name` in every language. */
  names: ColumnType<Labels | null, string | null | undefined, string | null>;
  strategy: StrategyKind;
  market: Market;
  codes: ColumnType<Record<string, number>, string, string>;
  capital_minor: number;
  live_from: Date | null;
  last_decided_day: string | null;
  created_at: Timestamp;
}

export interface CopyProductsTable {
  id: Generated<number>;
  leader_id: number;
  name: string;
  /** The name in each language ({cn, us, jp}); null: `name` in every language. */
  names: ColumnType<Labels | null, string | null | undefined, string | null>;
  min_amount_minor: number;
  lock_days: number;
  cutoff_at: Timestamp;
  created_by: number | null;
  created_at: Timestamp;
}

export interface CopyHoldingsTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  product_id: number;
  currency: string;
  amount_minor: number;
  state: ColumnType<'active' | 'ended', 'active' | 'ended' | undefined, 'active' | 'ended'>;
  hold_id: number;
  lock_until: Timestamp;
  ended_at: Date | null;
  returned_minor: number | null;
  created_at: Timestamp;
}

export interface CopyFanoutsTable {
  id: Generated<number>;
  leader_id: number;
  leader_position_id: number;
  action: 'open' | 'close';
  price: string;
  leader_quantity: number;
  leader_equity_minor: number;
  cursor_id: ColumnType<number, number | undefined, number>;
  mirrored: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  done_at: Date | null;
}

export interface CopyMirrorsTable {
  position_id: number;
  leader_position_id: number;
  holding_id: number;
}

declare module '../../db/schema' {
  interface Tables {
    copy_leaders: CopyLeadersTable;
    copy_products: CopyProductsTable;
    copy_holdings: CopyHoldingsTable;
    copy_fanouts: CopyFanoutsTable;
    copy_mirrors: CopyMirrorsTable;
  }
}

export type LeaderRow = Selectable<CopyLeadersTable>;
export type ProductRow = Selectable<CopyProductsTable>;
export type HoldingRow = Selectable<CopyHoldingsTable>;
export type FanoutRow = Selectable<CopyFanoutsTable>;
