import { type Currency, MARKET_CURRENCY, minorToDecimal } from '@kabuto/contract';
import type { TradingContext } from '../trading/port';
import type { LeaderRow } from './tables';

/** What the copy module runs on: the trading module's context (it places and settles positions). */
export type CopyContext = TradingContext;

export const DAY_MS = 86_400_000;

export const money = (minor: number, currency: Currency) => minorToDecimal(minor, currency);
export const currencyOf = (leader: Pick<LeaderRow, 'market'>) => MARKET_CURRENCY[leader.market];
