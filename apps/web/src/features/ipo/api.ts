import {
  API,
  fundRecordsCall,
  getUserinfoCall,
  type NewShareListState,
  type ResponseOf,
  summaryCall,
} from '@kabuto/contract';
import { invalidateCall, useApiInfiniteQuery, useApiMutation, useApiQuery } from '../../shared/api/hooks';

export type NewShare = ResponseOf<typeof API.newStockInfoCall>;
export type Subscription = ResponseOf<typeof API.subscribeCall>;
export type LotteryProof = ResponseOf<typeof API.newStockLotteryCall>;

export const IPO_PAGE_SIZE = 20;

export const useNewShares = (state: NewShareListState) =>
  useApiInfiniteQuery(API.newStockListCall, { state, size: IPO_PAGE_SIZE }, { refetchOnMount: 'always' });

export const useNewShare = (id: number) =>
  useApiQuery(API.newStockInfoCall, { id }, { enabled: id > 0, refetchOnMount: 'always' });

export const useMySubscriptions = () =>
  useApiInfiniteQuery(API.userNewStockListCall, { size: IPO_PAGE_SIZE }, { refetchOnMount: 'always' });

export const useLotteryProof = (id: number) =>
  useApiQuery(API.newStockLotteryCall, { id }, { enabled: id > 0, refetchOnMount: 'always' });

const afterSubscriptionMoved = () =>
  Promise.all([
    invalidateCall(API.newStockInfoCall),
    invalidateCall(API.newStockListCall),
    invalidateCall(API.userNewStockListCall),
    invalidateCall(getUserinfoCall),
    invalidateCall(summaryCall),
    invalidateCall(fundRecordsCall),
  ]);

export const useSubscribe = () =>
  useApiMutation(API.subscribeCall, { silent: true, onSuccess: afterSubscriptionMoved });
export const usePay = () =>
  useApiMutation(API.newStockPayCall, { silent: true, onSuccess: afterSubscriptionMoved });
export const useAbstain = () =>
  useApiMutation(API.newStockAbstainCall, { silent: true, onSuccess: afterSubscriptionMoved });
