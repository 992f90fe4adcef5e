import { type QuoteView, quoteCall } from '@kabuto/contract';
import { useApiQuery } from '../api/hooks';
import { useLiveQuote, useLiveQuotes } from '../realtime/live-quote';
import { mergeLive } from '../realtime/merge';

/** The REST quote's fixed parts (name, market, day limits) change rarely; ticks carry the price. */
const QUOTE_STALE_MS = 30_000;

/**
 * The quote of a code for trading: name, market and day limits from /market/quote, price and
 * change from the live stream (polled while the stream is down), so the order sheet previews
 * against the price the user sees.
 */
export function useTradingQuote(code: string | null | undefined): QuoteView | undefined {
  const base = useApiQuery(
    quoteCall,
    { code: code ?? '' },
    { enabled: Boolean(code), staleTime: QUOTE_STALE_MS, loadingToast: false, silent: 'all' },
  );
  const live = useLiveQuote(code);
  if (!base.data) return undefined;
  const { flash: _flash, ...merged } = mergeLive(base.data, live);
  return merged;
}

/** Live prices of several codes (a list of positions); codes without a tick yet are missing. */
export function useLivePrices(codes: readonly string[]): ReadonlyMap<string, string> {
  const quotes = useLiveQuotes(codes);
  const prices = new Map<string, string>();
  for (const [code, quote] of Object.entries(quotes)) if (quote) prices.set(code, quote.price);
  return prices;
}

/** The live price of one code, or undefined before its first tick. */
export function useLivePrice(code: string | null | undefined): string | undefined {
  return useLiveQuote(code)?.price;
}
