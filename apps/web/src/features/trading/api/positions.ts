import { API } from '@kabuto/contract';
import { invalidateCall, useApiInfiniteQuery, useApiMutation, useApiQuery } from '../../../shared/api/hooks';
import { toastSuccess } from '../../../shared/ui/toast';

/** Positions load in pages (SPEC §12). */
export const POSITION_PAGE_SIZE = 20;
/**
 * Open positions are asked again this often so a limit order that fills (or a stop-out) shows
 * without a pull; prices and P&L move with every quote in between.
 */
export const OPEN_POSITIONS_REFRESH_MS = 5000;

export const useOpenPositions = () =>
  useApiInfiniteQuery(
    API.userStockListCall,
    { size: POSITION_PAGE_SIZE },
    { refetchInterval: OPEN_POSITIONS_REFRESH_MS, refetchIntervalInBackground: false },
  );

export const useEndedPositions = (enabled: boolean) =>
  useApiInfiniteQuery(API.userStockListsCall, { size: POSITION_PAGE_SIZE }, { enabled });

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
