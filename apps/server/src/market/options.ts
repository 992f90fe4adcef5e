import type { Config } from '../config';
import { DEFAULT_HISTORY_DAYS, DEFAULT_MINUTE_DAYS } from './history';
import { type InstrumentSpec, UNIVERSE } from './universe';

/**
 * Market settings beyond the shared config (SPEC §11 MARKET_SEED and MARKET_HOURS live there).
 * Optional, so production starts with the full universe and two years of history while tests
 * ask for a few instruments and a short history.
 */
declare module '../config' {
  interface Config {
    /** Calendar days of daily history generated at first start (default 730). */
    marketHistoryDays?: number;
    /** Most recent trading days that also get 1-minute bars at first start (default 5). */
    marketMinuteDays?: number;
    /** Only these codes of the universe (default: all). */
    marketCodes?: string[];
    /** Milliseconds between live ticks (default 1000). */
    marketTickMs?: number;
    /** Slices each step of the feed is published in, spread over the step (default FEED_SLICES). */
    marketFeedSlices?: number;
    /** Redis pub/sub channel of the tick bus (nodes of one deployment share it). */
    marketBusChannel?: string;
    /** PostgreSQL advisory lock key that elects the node running the feed (default FEED_LOCK_KEY). */
    marketLeaderLockKey?: bigint;
  }
}

export const DEFAULT_TICK_MS = 1_000;

export interface MarketSettings {
  specs: InstrumentSpec[];
  historyDays: number;
  minuteDays: number;
  tickMs: number;
}

export function marketSettings(config: Config): MarketSettings {
  const codes = config.marketCodes;
  const specs = codes ? UNIVERSE.filter((s) => codes.includes(s.code)) : [...UNIVERSE];
  return {
    specs,
    historyDays: config.marketHistoryDays ?? DEFAULT_HISTORY_DAYS,
    minuteDays: config.marketMinuteDays ?? DEFAULT_MINUTE_DAYS,
    tickMs: Math.max(50, config.marketTickMs ?? DEFAULT_TICK_MS),
  };
}
