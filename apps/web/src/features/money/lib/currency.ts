import {
  CURRENCIES,
  type Currency,
  MARKET_CURRENCY,
  MARKETS,
  type Market,
  parseMinor,
} from '@kabuto/contract';

/** Deposits go into the wallet of one of the markets (SPEC §1), listed in the markets' order. */
export const DEPOSIT_CURRENCIES: readonly Currency[] = MARKETS.map((m) => MARKET_CURRENCY[m]);

export function isCurrency(value: string | null | undefined): value is Currency {
  return (CURRENCIES as readonly string[]).includes(value ?? '');
}

/** The wallet a screen starts with: the selected market's currency when offered, else the first. */
export function defaultCurrency(market: Market, offered: readonly Currency[]): Currency {
  const own = MARKET_CURRENCY[market];
  return offered.includes(own) ? own : (offered[0] ?? own);
}

/**
 * Per-currency limits served by /common/config as JSON of minor units, e.g. withdrawMinMinor
 * `{"JPY":30000,"USD":20000}` (SPEC §10). Malformed or missing values read as no limit.
 */
export function limitsFromConfig(json: string | undefined): Partial<Record<Currency, number>> {
  if (!json) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const out: Partial<Record<Currency, number>> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (isCurrency(key) && typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)
      out[key] = value;
  }
  return out;
}

/** A wire decimal as minor units of its currency, or null. */
export function decimalMinor(value: string | undefined, currency: Currency): number | null {
  return value === undefined ? null : parseMinor(value, currency);
}

export { walletBalance } from '../../../shared/forms/available';
