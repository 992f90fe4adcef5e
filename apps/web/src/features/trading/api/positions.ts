import { API, type RequestOf, type ResponseOf } from '@kabuto/contract';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiQueryKey,
  callApi,
  invalidateCall,
  nextPageOf,
  useApiInfiniteQuery,
  useApiMutation,
  useApiQuery,
} from '../../../shared/api';
import type { ApiError } from '../../../shared/api/api-core';
import { useMarket } from '../../../shared/session/market-store';
import { toastSuccess } from '../../../shared/ui/toast';

/** Positions load in pages (SPEC §12). */
export const POSITION_PAGE_SIZE = 20;
/**
 * Open positions are asked again this often so a limit order that fills (or a stop-out) shows
 * without a pull; prices and P&L move with every quote in between.
 */
export const OPEN_POSITIONS_REFRESH_MS = 5000;

type PositionListCall = typeof API.userStockListCall | typeof API.userStockListsCall;

/**
 * A paged position list. Only the first load counts in the loading toast: the periodic refresh
 * must stay quiet, or its toast would cover the "placed" / "cancelled" confirmations.
 */
function usePositionPages<C extends PositionListCall>(call: C, refetchInterval: number | false) {
  const market = useMarket();
  const client = useQueryClient();
  const body = { size: POSITION_PAGE_SIZE };
  const queryKey = [...apiQueryKey(call, market, body), 'pages'];
  return useInfiniteQuery<ResponseOf<C>, ApiError, { pages: ResponseOf<C>[] }, readonly unknown[], number>({
    queryKey,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      // Both list calls take exactly `type` (added by the client), `page` and `size`; TypeScript
      // cannot see that through the generic request type.
      callApi(call, { ...body, page: pageParam } as RequestOf<C>, {
        signal,
        loading: pageParam === 1 && client.getQueryData(queryKey) === undefined,
      }),
    getNextPageParam: (last) => nextPageOf(last),
    refetchInterval,
    refetchIntervalInBackground: false,
  });
}

export const useOpenPositions = () => usePositionPages(API.userStockListCall, OPEN_POSITIONS_REFRESH_MS);

export const useEndedPositions = () => usePositionPages(API.userStockListsCall, false);

/** Following orders (SPEC §2, §6.5): the positions mirrored into the user's copy holdings. */
export const FOLLOWING_LIMIT = 100;
export const useFollowingPositions = () =>
  useApiQuery(
    API.followOrdersCall,
    { size: FOLLOWING_LIMIT },
    { refetchInterval: OPEN_POSITIONS_REFRESH_MS, refetchOnMount: 'always' },
  );

export function usePositionInfo(id: number | null) {
  return useApiQuery(
    API.positionInfoCall,
    { id: id ?? 0 },
    { enabled: id !== null, refetchInterval: OPEN_POSITIONS_REFRESH_MS, retry: false },
  );
}

/** After a cancel or close every view of positions and money is out of date. */
function refreshAfterChange() {
  void invalidateCall(API.userStockListCall);
  void invalidateCall(API.userStockListsCall);
  void invalidateCall(API.positionInfoCall);
  void invalidateCall(API.summaryCall);
  void invalidateCall(API.getUserinfoCall);
}

export function useCancelOrder() {
  return useApiMutation(API.cancelOrderCall, {
    onSuccess: () => {
      toastSuccess('cancel');
      refreshAfterChange();
    },
  });
}

export function useClosePosition() {
  return useApiMutation(API.closePositionCall, {
    onSuccess: () => {
      toastSuccess('close');
      refreshAfterChange();
    },
    // A refusal (not_holding, t1_sell, market_closed) is toasted in the user's language; the
    // detail refreshes so it shows why.
    onError: () => {
      void invalidateCall(API.positionInfoCall);
    },
  });
}

/** My new-share subscriptions (the Subscription tab): each with what it keeps frozen. */
export const useSubscriptions = () =>
  useApiInfiniteQuery(API.userNewStockListCall, { size: POSITION_PAGE_SIZE }, { refetchOnMount: 'always' });

/**
 * SPEC §13.2: change a pending order (price, trigger, quantity down). Refusals are shown by the
 * sheet at the field they name, not toasted.
 */
export function useModifyOrder(onDone: () => void) {
  return useApiMutation(API.modifyOrderCall, {
    silent: true,
    onSuccess: () => {
      toastSuccess('modify');
      refreshAfterChange();
      onDone();
    },
  });
}

/** SPEC §13.2: set, change or remove a position's (or a pending order's) take-profit and stop-loss. */
export function useSetTpSl(onDone: (removed: boolean) => void) {
  return useApiMutation(API.setTpSlCall, {
    silent: true,
    onSuccess: (position) => {
      refreshAfterChange();
      onDone(position.takeProfit === null && position.stopLoss === null);
    },
  });
}
