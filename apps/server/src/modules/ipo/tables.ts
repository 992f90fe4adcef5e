import type { Labels, Market, NewShareState, SubscriptionState } from '@kabuto/contract';
import type { ColumnType, Generated, Selectable } from 'kysely';

type Json<T> = ColumnType<T, string, string>;

export interface NewSharesTable {
  id: Generated<number>;
  code: string;
  market: Market;
  currency: string;
  name: Json<Record<string, string>>;
  sector: string;
  /** NUMERIC: read as a decimal string. */
  price: string;
  provisional_price: string;
  pe: string | null;
  lead_underwriter: string;
  issue_market: string;
  /** The two above in each language ({cn, us, jp}); null: the text in every language. */
  lead_underwriter_names: ColumnType<Labels | null, string | null | undefined, string | null>;
  issue_market_names: ColumnType<Labels | null, string | null | undefined, string | null>;
  offered_quantity: number;
  min_quantity: number;
  max_quantity: number;
  shares_outstanding: number;
  opens_at: Date;
  closes_at: Date;
  lottery_at: Date;
  pay_until: Date;
  lists_at: Date;
  state: Generated<NewShareState>;
  /** Units applied for so far (the draw's tickets), bounded by MAX_LOTTERY_TICKETS. */
  applied_lots: Generated<number>;
  first_price: string | null;
  created_by: number | null;
  created_at: Date;
}

export interface IpoSubscriptionsTable {
  id: Generated<number>;
  share_id: number;
  user_id: number;
  order_no: string;
  currency: string;
  quantity: number;
  amount_minor: number;
  won_quantity: Generated<number>;
  won_minor: Generated<number>;
  paid_minor: Generated<number>;
  state: Generated<SubscriptionState>;
  hold_id: number | null;
  position_id: number | null;
  created_at: Date;
  drawn_at: Date | null;
  paid_at: Date | null;
  resolved_at: Date | null;
}

export interface IpoDrawsTable {
  share_id: number;
  seed: string;
  inputs_digest: string;
  algorithm: string;
  offered_quantity: number;
  lot_size: number;
  /** [[application id, quantity], …] sorted by id: the recorded inputs. */
  applications: Json<Array<[number, number]>>;
  /** [[application id, allotted shares], …]. */
  winners: Json<Array<[number, number]>>;
  drawn_at: Date;
}

declare module '../../db/schema' {
  interface Tables {
    new_shares: NewSharesTable;
    ipo_subscriptions: IpoSubscriptionsTable;
    ipo_draws: IpoDrawsTable;
  }
}

export type NewShare = Selectable<NewSharesTable>;
export type Subscription = Selectable<IpoSubscriptionsTable>;
export type Draw = Selectable<IpoDrawsTable>;
