import type { Currency, Language, Market } from '@kabuto/contract';

/**
 * The market as the rest of the server sees it (ARCHITECTURE "Market"). Quotes are read from
 * memory; ticks arrive from the feed (the simulator, a real adapter, or the tick bus on a node
 * that does not run the feed) through `ingest`.
 */
export interface Instrument {
  code: string;
  market: Market;
  kind: 'stock' | 'index';
  name: Record<Language, string>;
  sector: string;
  /** Price decimals follow PRICE_DECIMALS[market]. */
  currency: Currency;
}

export interface Quote {
  code: string;
  market: Market;
  kind: 'stock' | 'index';
  name: Record<Language, string>;
  sector: string;
  price: string;
  previousClose: string;
  open: string;
  high: string;
  low: string;
  change: string;
  changePercent: string;
  volume: number;
  turnover: string;
  limitUp: string | null;
  limitDown: string | null;
  /** ISO instant of the last tick. */
  time: string;
  /** SPEC §0.8: prices from the simulated feed are labelled. */
  simulated: boolean;
}

export interface Tick {
  code: string;
  market: Market;
  price: string;
  /** Shares traded in this tick. */
  volume: number;
  time: string;
}

/** A 1-minute bar that just closed, with its trading day's bar as of that minute. */
export interface BarClosed {
  code: string;
  market: Market;
  /** Trading day (market-local YYYY-MM-DD) the minute belongs to. */
  day: string;
  minute: {
    time: string;
    open: string;
    high: string;
    low: string;
    close: string;
    volume: number;
    turnover: string;
  };
  dayBar: { open: string; high: string; low: string; close: string; volume: number; turnover: string };
}

export interface MarketService {
  instruments(market?: Market): Instrument[];
  instrument(code: string): Instrument | null;
  /** Latest quote from memory; null when the code is unknown or has no price yet. */
  quote(code: string): Quote | null;
  /** Whether orders may trade now (honours MARKET_HOURS: `always` or the real sessions). */
  isOpen(market: Market, at: Date): boolean;
  /** The trading day (market-local YYYY-MM-DD) an instant belongs to. */
  tradingDay(market: Market, at: Date): string;
  /** Subscribe to every tick; returns the unsubscribe function. */
  onTick(listener: (tick: Tick) => void): () => void;
  /** Applies a tick from the feed or the bus: updates the in-memory quote and notifies listeners. */
  ingest(tick: Tick): void;
  /** Mid rate: units of `to` per one unit of `from`; null when unknown. */
  fxRate(from: Currency, to: Currency): string | null;
  /** Every currency's mid rate as units per one US dollar (decimal strings). */
  fxRates(): Record<Currency, string>;
  /**
   * The daily price band (SPEC §6.2) that applies to a price at `at`; null for instruments
   * without limits (US stocks, indices) or unknown codes.
   */
  priceBand(code: string, at: Date): { limitUp: string; limitDown: string } | null;
  /** Subscribe to every closed 1-minute bar; returns the unsubscribe function. */
  onBar(listener: (bar: BarClosed) => void): () => void;
}
