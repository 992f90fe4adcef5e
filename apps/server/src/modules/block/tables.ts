import type { BlockApplicationState, BlockProductStateName, Market } from '@kabuto/contract';
import type { Generated, Selectable } from 'kysely';

/** NUMERIC prices read back as strings and are written as decimal strings. */
type Price = string;

export interface BlockProductsTable {
  id: Generated<number>;
  code: string;
  market: Market;
  currency: string;
  price: Price;
  min_lots: number;
  total_lots: number;
  remaining_lots: number;
  starts_at: Date;
  ends_at: Date;
  /** Moved from the window by the `block.states` job. */
  state: BlockProductStateName;
  created_by: number | null;
  created_at: Date;
}

export interface BlockApplicationsTable {
  id: number;
  order_no: string;
  user_id: number;
  product_id: number;
  lots: number;
  /** The block price at application. */
  price: Price;
  currency: string;
  amount_minor: number;
  /** The ledger hold of block price × lots. */
  hold_id: number;
  state: Generated<BlockApplicationState>;
  reason: string | null;
  reviewer_id: number | null;
  reviewed_at: Date | null;
  due_at: Date;
  position_id: number | null;
  created_at: Date;
}

declare module '../../db/schema' {
  interface Tables {
    block_products: BlockProductsTable;
    block_applications: BlockApplicationsTable;
  }
}

export type BlockProduct = Selectable<BlockProductsTable>;
export type BlockApplication = Selectable<BlockApplicationsTable>;
