import {
  followOrdersCall,
  fundRecordsCall,
  getUserinfoCall,
  productBuyCall,
  productInfoCall,
  productListCall,
  type ResponseOf,
  summaryCall,
  userProductListCall,
} from '@kabuto/contract';
import { invalidateCall, useApiInfiniteQuery, useApiMutation, useApiQuery } from '../../../shared/api/hooks';

export type CopyProduct = ResponseOf<typeof productListCall>['list'][number];
export type CopyProductDetail = ResponseOf<typeof productInfoCall>;
export type CopyHolding = ResponseOf<typeof userProductListCall>['list'][number];
export type FollowOrder = ResponseOf<typeof followOrdersCall>['list'][number];

export const PRODUCT_PAGE_SIZE = 20;
/** Holdings and mirrored positions move with the market: asked again this often. */
export const HOLDINGS_REFRESH_MS = 5_000;

export const useProducts = () =>
  useApiInfiniteQuery(productListCall, { size: PRODUCT_PAGE_SIZE }, { refetchOnMount: 'always' });

export const useProduct = (id: number | null) =>
  useApiQuery(productInfoCall, { id: id ?? 0 }, { enabled: id !== null, retry: false });

export const useHoldings = () =>
  useApiInfiniteQuery(
    userProductListCall,
    { size: PRODUCT_PAGE_SIZE },
    { refetchOnMount: 'always', refetchInterval: HOLDINGS_REFRESH_MS },
  );

export const useFollowOrders = (holdingId: number | undefined) =>
  useApiQuery(
    followOrdersCall,
    holdingId === undefined ? { size: 100 } : { holding_id: holdingId, size: 100 },
    { refetchInterval: HOLDINGS_REFRESH_MS },
  );

/** SPEC §6.5 follow: the amount is frozen; balances, holdings and records change. */
export const useFollow = () =>
  useApiMutation(productBuyCall, {
    silent: true,
    onSuccess: () =>
      Promise.all([
        invalidateCall(userProductListCall),
        invalidateCall(productListCall),
        invalidateCall(productInfoCall),
        invalidateCall(getUserinfoCall),
        invalidateCall(summaryCall),
        invalidateCall(fundRecordsCall),
      ]),
  });
