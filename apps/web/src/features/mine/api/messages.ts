import { messageInfoCall, messageListCall, unreadCountCall } from '@kabuto/contract';
import { useEffect } from 'react';
import { invalidateCall, useApiInfiniteQuery, useApiQuery } from '../../../shared/api/hooks';

/** Messages are paged (SPEC §12: long lists load in pages). */
export const MESSAGE_PAGE_SIZE = 20;

export const useMessages = () => useApiInfiniteQuery(messageListCall, { size: MESSAGE_PAGE_SIZE });

/** One message; opening it marks it read, so the list and the bell refresh afterwards. */
export function useMessage(id: number) {
  const query = useApiQuery(messageInfoCall, { id }, { enabled: Number.isSafeInteger(id) && id > 0 });
  const loaded = query.isSuccess;
  useEffect(() => {
    if (!loaded) return;
    void invalidateCall(unreadCountCall);
    void invalidateCall(messageListCall);
  }, [loaded]);
  return query;
}
