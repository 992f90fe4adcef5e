import type { CallDef, RequestOf, ResponseOf } from '@kabuto/contract';
import {
  type InfiniteData,
  type UseInfiniteQueryOptions,
  type UseMutationOptions,
  type UseQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useMarket } from '../session/market-store';
import type { ApiError } from './api-core';
import { apiClient, callApi } from './client';
import { queryClient as sharedQueryClient } from './query-client';

/** Cache key of a call: path first so a whole call can be invalidated, then market and body. */
export function apiQueryKey(call: CallDef, market: string, body: unknown): readonly unknown[] {
  return [call.path, market, body];
}

/** Refetches every cached answer of a call (after a change that affects it). */
export function invalidateCall(call: CallDef, client = sharedQueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: [call.path] });
}

export type ApiQueryOptions<C extends CallDef, TData = ResponseOf<C>> = Omit<
  UseQueryOptions<ResponseOf<C>, ApiError, TData>,
  'queryKey' | 'queryFn'
> & {
  /** Count in the loading toast. Default: only the first load (background refreshes stay quiet). */
  loadingToast?: boolean;
  /** Do not toast refusals (`true`) or anything (`'all'`); see CallOptions. */
  silent?: boolean | 'all';
};

/** A cached call: `useApiQuery(API.summaryCall, {})`. The market is part of the key. */
export function useApiQuery<C extends CallDef, TData = ResponseOf<C>>(
  call: C,
  body: RequestOf<C>,
  options: ApiQueryOptions<C, TData> = {},
) {
  const market = useMarket();
  const client = useQueryClient();
  const { loadingToast, silent, ...rest } = options;
  const queryKey = apiQueryKey(call, market, body);
  return useQuery({
    ...rest,
    queryKey,
    queryFn: ({ signal }) =>
      callApi(call, body, {
        signal,
        silent,
        loading: loadingToast ?? client.getQueryData(queryKey) === undefined,
      }),
  });
}

export type ApiMutationOptions<C extends CallDef, TContext = unknown> = Omit<
  UseMutationOptions<ResponseOf<C>, ApiError, RequestOf<C>, TContext>,
  'mutationFn'
> & { silent?: boolean | 'all' };

/**
 * A submit. Idempotent calls get a fresh Idempotency-Key per `mutate` (one per submit), so a
 * double tap is answered once by the server (SPEC §8).
 */
export function useApiMutation<C extends CallDef, TContext = unknown>(
  call: C,
  options: ApiMutationOptions<C, TContext> = {},
) {
  const { silent, ...rest } = options;
  return useMutation({ ...rest, mutationFn: (body: RequestOf<C>) => callApi(call, body, { silent }) });
}

interface PageInfo {
  page: number;
  size: number;
  total: number;
  list: readonly unknown[];
}

function isPage(value: unknown): value is PageInfo {
  if (typeof value !== 'object' || value === null) return false;
  const v: Partial<Record<keyof PageInfo, unknown>> = value;
  return (
    typeof v.page === 'number' &&
    typeof v.size === 'number' &&
    typeof v.total === 'number' &&
    Array.isArray(v.list)
  );
}

/** The next page number, or undefined after the last page. */
export function nextPageOf(last: unknown): number | undefined {
  if (!isPage(last)) return undefined;
  return last.page * last.size < last.total && last.list.length > 0 ? last.page + 1 : undefined;
}

/**
 * A paged list call (`{list, page, size, total}` answers; SPEC §12: long lists load in pages).
 * `body` holds every field but `page`.
 */
export function useApiInfiniteQuery<C extends CallDef>(
  call: C,
  body: Omit<RequestOf<C>, 'page'>,
  options: Omit<
    UseInfiniteQueryOptions<
      ResponseOf<C>,
      ApiError,
      InfiniteData<ResponseOf<C>, number>,
      readonly unknown[],
      number
    >,
    'queryKey' | 'queryFn' | 'initialPageParam' | 'getNextPageParam'
  > & { silent?: boolean | 'all' } = {},
) {
  const market = useMarket();
  const { silent, ...rest } = options;
  return useInfiniteQuery({
    ...rest,
    queryKey: [...apiQueryKey(call, market, body), 'pages'],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      // `body` is the request minus `page`; adding the page number gives the full request back.
      apiClient.call<C>(call, { ...body, page: pageParam } as RequestOf<C>, {
        signal,
        silent,
        loading: pageParam === 1,
      }),
    getNextPageParam: (last) => nextPageOf(last),
  });
}
