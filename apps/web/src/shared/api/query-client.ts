import { QueryClient } from '@tanstack/react-query';
import type { ApiError } from './api-core';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
  }
}

/** Answers stay fresh briefly so moving between tabs does not refetch everything. */
const STALE_MS = 15_000;

export const queryClient = new QueryClient({
  defaultOptions: {
    // Refusals are final and failures were already shown; retrying would only toast again.
    queries: { retry: false, staleTime: STALE_MS, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
