import { API, type QuoteView, type ResponseOf } from '@kabuto/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ApiError,
  apiQueryKey,
  callApi,
  invalidateCall,
  useApiMutation,
  useApiQuery,
} from '../../../shared/api';
import { useMarket } from '../../../shared/session/market-store';
import { searchForms } from '../lib/kana';

/** REST quotes are refreshed now and then for the fields ticks do not carry (turnover, open). */
const QUOTE_REFRESH_MS = 15_000;
const OVERVIEW_REFRESH_MS = 30_000;

export function useQuote(code: string) {
  return useApiQuery(
    API.quoteCall,
    { code },
    { enabled: code.length > 0, refetchInterval: QUOTE_REFRESH_MS, silent: true },
  );
}

export function useCompany(code: string) {
  return useApiQuery(
    API.companyCall,
    { code },
    { enabled: code.length > 0, staleTime: 5 * 60_000, silent: 'all' },
  );
}

export function useOverview() {
  return useApiQuery(API.overviewCall, {}, { refetchInterval: OVERVIEW_REFRESH_MS });
}

export function useHot(size = 10) {
  return useApiQuery(API.hotCall, { size }, { refetchInterval: OVERVIEW_REFRESH_MS });
}

/**
 * Search answers as the user types: the previous answer stays on screen until the next arrives.
 * A name typed in hiragana or romaji is also looked up in katakana (lib/kana.ts); the answers
 * are merged, as typed first.
 */
export function useSearch(q: string) {
  const market = useMarket();
  const forms = searchForms(q);
  return useQuery<ResponseOf<typeof API.searchCall>, ApiError>({
    queryKey: [...apiQueryKey(API.searchCall, market, { q }), forms.length],
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const answers = await Promise.all(
        forms.map((form) => callApi(API.searchCall, { q: form }, { signal, loading: false })),
      );
      const seen = new Set<string>();
      const list = answers
        .flatMap((answer) => answer.list)
        .filter((quote) => {
          if (seen.has(quote.code)) return false;
          seen.add(quote.code);
          return true;
        });
      return { list };
    },
  });
}

export function useWatchlist(enabled = true) {
  return useApiQuery(API.watchlistCall, {}, { enabled });
}

/** Whether `code` is on my watchlist, and a toggle that keeps the cached list in step. */
export function useWatchToggle(code: string) {
  const market = useMarket();
  const client = useQueryClient();
  const watchlist = useWatchlist(code.length > 0);
  const watched = watchlist.data?.list.some((q) => q.code === code) ?? false;
  const onSuccess = () => invalidateCall(API.watchlistCall);
  const add = useApiMutation(API.watchAddCall, { onSuccess });
  const remove = useApiMutation(API.watchDeleteCall, {
    onSuccess: () => {
      // The row disappears at once; the refetch confirms it.
      client.setQueryData<{ list: QuoteView[] }>(apiQueryKey(API.watchlistCall, market, {}), (old) =>
        old ? { list: old.list.filter((q) => q.code !== code) } : old,
      );
      return onSuccess();
    },
  });
  return {
    watched,
    ready: watchlist.isSuccess,
    pending: add.isPending || remove.isPending,
    toggle: () => (watched ? remove.mutateAsync({ code }) : add.mutateAsync({ code })),
  };
}

/**
 * How many year bars an instrument's history has (at most the few a chart needs to offer the
 * year period), and whether older ones exist. History changes once a day.
 */
export function useYearBars(code: string, size: number) {
  return useApiQuery(
    API.klineCall,
    { code, period: 'year', adjust: 'none', size },
    {
      enabled: code.length > 0,
      staleTime: 60 * 60_000,
      silent: 'all',
      loadingToast: false,
      select: (answer: ResponseOf<typeof API.klineCall>) => ({
        count: answer.bars.length,
        more: answer.more,
      }),
    },
  );
}
