import { type Currency, type Language, minorToDecimal } from '@kabuto/contract';
import type { AppContext } from '../../context';
import type { MarketService } from '../../market/types';
import type { MarketData } from '../market/port';
import type { TradingPort } from '../trading/port';
import type { NewShare, Subscription } from './tables';
import './tables';

/**
 * The unit of a new share's applications and draw is its minimum quantity (as an IPO's trading
 * unit, e.g. 100 shares in Japan): a quantity is a whole number of units and each unit applied for
 * is one ticket, which keeps a large offering's draw within bounds (docs/decisions.md).
 */
export const lotOf = (share: Pick<NewShare, 'min_quantity'>) => share.min_quantity;
/**
 * Applications settled per statement when the jobs draw, fail the unpaid or list a share: each
 * application's money still moves in its own ledger transaction, written a batch at a time.
 */
export const SETTLE_BATCH = 1_000;
export interface AdvanceOptions {
  batch: number;
}
/** How often the jobs runner looks for a share whose moment has come (each applied within 10 s). */
export const IPO_ADVANCE_MS = 5_000;
/** The text the seed of a draw is the SHA-256 of (SPEC §0.7). */
export const SEED_RULE =
  'sha256("kabuto-ipo-seed/1:" + share id + ":" + application ids sorted ascending, comma-separated)';
/** The first price on listing day is the offer price times a seeded factor in this range. */
export const FIRST_PRICE_RANGE = { low: 0.9, high: 1.4 } as const;

export interface IpoContext extends AppContext {
  market: MarketService;
  marketData: MarketData;
  trading: TradingPort;
}

export const currencyOf = (share: NewShare): Currency => share.currency as Currency;
export const money = (minor: number, currency: Currency) => minorToDecimal(minor, currency);
export const nameIn = (share: NewShare, language: Language) =>
  share.name[language] ?? share.name.us ?? share.code;

/** Whether funds are frozen for a subscription (seed shape `status` 1). */
export function frozenMinor(sub: Subscription): number {
  if (sub.state === 'applied') return sub.amount_minor;
  if (sub.state === 'won' || sub.state === 'paid') return sub.won_minor;
  return 0;
}
