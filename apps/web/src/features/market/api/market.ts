import { API, type QuoteView } from '@kabuto/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, invalidateCall, useApiMutation, useApiQuery } from '../../../shared/api';
import { useMarket } from '../../../shared/session/market-store';

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

/** Search answers as the user types: the previous answer stays on screen until the next arrives. */
export function useSearch(q: string) {
  return useApiQuery(
    API.searchCall,
    { q },
    { enabled: q.length > 0, placeholderData: keepPreviousData, loadingToast: false, staleTime: 60_000 },
  );
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
