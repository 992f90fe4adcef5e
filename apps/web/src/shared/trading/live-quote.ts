import { API, type QuoteView } from '@kabuto/contract';
import { useApiQuery } from '../api/hooks';

/** How often a quote is asked again while no stream delivers it (SPEC §8: the client falls back to polling). */
export const QUOTE_POLL_MS = 2000;

/**
 * The latest quote of a code, refreshed every 2 s. Every screen asking for the same code shares
 * one request (the query cache is keyed by code).
 */
export function useLiveQuote(code: string | null | undefined): QuoteView | undefined {
  const query = useApiQuery(
    API.quoteCall,
    { code: code ?? '' },
    {
      enabled: Boolean(code),
      refetchInterval: QUOTE_POLL_MS,
      refetchIntervalInBackground: false,
      loadingToast: false,
      silent: 'all',
      staleTime: QUOTE_POLL_MS / 2,
    },
  );
  return query.data;
}
