export { ApiError, type CallOptions, callApi, clearClientState, isApiError, uploadApi } from './client';
export {
  type ApiMutationOptions,
  type ApiQueryOptions,
  apiQueryKey,
  invalidateCall,
  nextPageOf,
  useApiInfiniteQuery,
  useApiMutation,
  useApiQuery,
} from './hooks';
export { queryClient } from './query-client';
