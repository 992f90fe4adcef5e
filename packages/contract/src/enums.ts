/** SPEC §1: markets, stored under `stock`; each trades in its own currency. */
export const MARKETS = ['jpy', 'usd', 'cny'] as const;
export type Market = (typeof MARKETS)[number];
export const DEFAULT_MARKET: Market = 'jpy';

/** SPEC §1: languages, stored under `language`. */
export const LANGUAGES = ['cn', 'us', 'jp'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'jp';
/** BCP 47 locale used by Intl for each product language. */
export const LANGUAGE_LOCALE: Record<Language, string> = { cn: 'zh-CN', us: 'en-US', jp: 'ja-JP' };

/** SPEC §1: exchange currencies (every pair convertible). Upper case on the wire for FX. */
export const CURRENCIES = ['JPY', 'USD', 'CNY', 'TWD', 'HKD', 'THB', 'VND', 'MYR', 'KRW', 'SAR'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DISPLAY_CURRENCIES = ['USD', 'JPY', 'CNY'] as const satisfies readonly Currency[];

export const MARKET_CURRENCY: Record<Market, Currency> = { jpy: 'JPY', usd: 'USD', cny: 'CNY' };
export const MARKET_TIMEZONE: Record<Market, string> = {
  jpy: 'Asia/Tokyo',
  usd: 'America/New_York',
  cny: 'Asia/Shanghai',
};

/** Minor-unit decimals per currency (SPEC §1: JPY, KRW, VND 0; others 2). */
export const CURRENCY_DECIMALS: Record<Currency, number> = {
  JPY: 0,
  KRW: 0,
  VND: 0,
  USD: 2,
  CNY: 2,
  TWD: 2,
  HKD: 2,
  THB: 2,
  MYR: 2,
  SAR: 2,
};

/** Decimals a price carries in each market (tick grid of the simulated exchange). */
export const PRICE_DECIMALS: Record<Market, number> = { jpy: 1, usd: 2, cny: 2 };

export const DIRECTIONS = ['long', 'short'] as const;
export type Direction = (typeof DIRECTIONS)[number];
/** SPEC §6.3 limit and market; SPEC §13.2 stop, stop_limit and trailing_stop wait for a trigger. */
export const ORDER_TYPES = ['limit', 'market', 'stop', 'stop_limit', 'trailing_stop'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const TRADE_MODES = ['normal', 'day'] as const;
export type TradeMode = (typeof TRADE_MODES)[number];

export const KLINE_PERIODS = ['time', '5m', '15m', '30m', '60m', 'day', 'week', 'month', 'year'] as const;
export type KlinePeriod = (typeof KLINE_PERIODS)[number];
export const ADJUST_MODES = ['none', 'forward', 'backward'] as const;
export type AdjustMode = (typeof ADJUST_MODES)[number];
export const RANKING_WINDOWS = ['1w', '1m', '3m', '6m'] as const;
export type RankingWindow = (typeof RANKING_WINDOWS)[number];

export const KYC_STATES = ['unverified', 'pending', 'verified', 'failed'] as const;
export type KycState = (typeof KYC_STATES)[number];
export const POSITION_STATES = ['pending', 'holding', 'closing', 'closed', 'cancelled'] as const;
export type PositionState = (typeof POSITION_STATES)[number];

/**
 * SPEC §0.2: what a ledger transaction records, shown as the type of a fund record. A closed
 * list: the ledger refuses any other kind, and each product adds its kinds here as it lands.
 */
export const LEDGER_KINDS = [
  'deposit',
  'withdrawal_freeze',
  'withdrawal_paid',
  'withdrawal_release',
  'exchange',
  'order_place',
  'order_open',
  'order_fill',
  'order_cancel',
  'order_expire',
  'order_modify',
  'position_close',
  'stop_out',
  'adjustment',
  'adjustment_freeze',
  'adjustment_release',
  'loan_credit',
  'loan_interest',
  'loan_repay',
  'block_freeze',
  'block_allot',
  'block_release',
  'ipo_freeze',
  'ipo_release',
  'ipo_allot',
  'copy_follow',
  'copy_open',
  'copy_end',
  'daytrade_freeze',
  'daytrade_release',
  'daytrade_settle',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** What funds are frozen for (SPEC §6.4 "Frozen funds"): the ledger's `frozen:<purpose>` accounts. */
export const FROZEN_PURPOSES = [
  'order',
  'withdrawal',
  'ipo',
  'copy',
  'block',
  'daytrade',
  'adjustment',
] as const;
export type FrozenPurpose = (typeof FROZEN_PURPOSES)[number];

/** SPEC §5 reviews: every reviewed kind goes through the one review queue. */
export const REVIEW_KINDS = ['deposit', 'withdrawal', 'kyc', 'loan', 'daytrade', 'block'] as const;
export type ReviewKindName = (typeof REVIEW_KINDS)[number];
export const REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
