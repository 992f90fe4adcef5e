import type { Direction, MARKET_CURRENCY, Market, OrderType, TradeMode, Validity } from '@kabuto/contract';
import type { Trail } from '@kabuto/domain';
import type { AppContext } from '../../context';
import type { Executor, Tx } from '../../db/schema';
import type { UserAccount } from '../../ledger/ledger';
import type { Instrument, MarketService, Quote } from '../../market/types';
import type { PositionRow } from './tables';

/** What the trading code works with, and what an order asks and plans (SPEC §6.3). */
/** What the trading code works with: the platform and the market it trades. */
export interface MarketBoundContext extends AppContext {
  market: MarketService;
}

/** What a day-mode order asks of the day-trading program. */
export interface DayOrder {
  market: Market;
  leverage: number;
  notionalMinor: number;
  /** Margin + open fee: what the order takes from the participation. */
  costMinor: number;
}

/**
 * The day-trading program as the trading engine sees it (SPEC §6.5). Until one is registered,
 * day-mode orders are refused. Day-mode money moves between `frozen:daytrade` (the participation)
 * and `frozen:order`, never through available funds.
 */
export interface DayTradeGate {
  /**
   * Inside the order's transaction: the application the order trades under, or a refusal
   * (DomainError). Locks the application so concurrent day-mode orders are checked one by one.
   */
  grant(trx: Tx, userId: number, order: DayOrder, now: Date): Promise<{ applicationId: number }>;
  /** Participation not yet tied up in day-mode orders of the application active now, or null. */
  capitalLeft(db: Executor, userId: number, market: Market, now: Date): Promise<number | null>;
}

/** The account day-mode orders draw on and return to. */
export const DAY_FUNDING = 'frozen:daytrade' as const;

/** Where a position's margin and fee come from and go back to. */
export function fundingOf(row: { mode: TradeMode }): UserAccount {
  return row.mode === 'day' ? DAY_FUNDING : 'available';
}

/** What orders and positions ask of the matching engine (engine.ts): keep its index in step after a commit. */
export interface PositionIndex {
  track(row: PositionRow): void;
  untrack(id: number): void;
  reload(ids: number[]): Promise<void>;
}

/** The trading port as orders and positions see it; routes.ts `TradingPort` is the whole of it. */
export interface TradingParts {
  engine: PositionIndex;
  dayTradeGate: DayTradeGate | null;
}

export interface TradingContext extends MarketBoundContext {
  trading: TradingParts;
}

/**
 * Orders and positions (SPEC §6.3). Every change of a position and its money is one database
 * transaction: the position row locked `FOR UPDATE`, its state checked, one balanced ledger
 * transaction and the row update. Whoever changes a position second sees the new state, so two
 * closes of one position, or a fill racing a cancel, resolve to exactly one outcome on any node.
 */

/** Notional above which an order is refused before any arithmetic could leave the safe-integer range. */
export const MAX_NOTIONAL_MINOR = 1e14;

export const LIVE_STATES = ['pending', 'holding', 'closing'] as const;

export interface OrderRequest {
  code: string;
  direction: Direction;
  orderType: OrderType;
  /** The limit (limit orders). */
  price?: string | undefined;
  /** As typed; validated here (quantity_invalid). */
  quantity: string;
  /** As typed; validated here (leverage_invalid); empty = 1×. */
  leverage: string;
  mode: TradeMode;
  /** SPEC §13.2 (as typed; checked here). */
  triggerPrice?: string | undefined;
  trailAmount?: string | undefined;
  trailPercent?: string | undefined;
  validity?: Validity;
  takeProfit?: string | undefined;
  stopLoss?: string | undefined;
}

/** A checked order: what it is and the money it needs at the price it would open at now. */
export interface OrderPlan {
  instrument: Instrument;
  quote: Quote;
  market: Market;
  currency: (typeof MARKET_CURRENCY)[Market];
  direction: Direction;
  orderType: OrderType;
  mode: TradeMode;
  quantity: number;
  leverage: number;
  limitPrice: string | null;
  /** Fills at once: a market order, or a limit the current price already crosses. */
  fillsNow: boolean;
  /** The current price (fills now) or the limit. */
  price: string;
  notionalMinor: number;
  marginMinor: number;
  feeMinor: number;
  band: { limitUp: string; limitDown: string } | null;
  marketOpen: boolean;
  /** Stop and stop-limit: the trigger; trailing stop: where it starts. */
  triggerPrice: string | null;
  trail: Trail | null;
  /** Trailing stop: the best price so far (the current price at placement). */
  trailBest: string | null;
  validity: Validity;
  takeProfit: string | null;
  stopLoss: string | null;
}
