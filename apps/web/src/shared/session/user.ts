import { getUserinfoCall, summaryCall, unreadCountCall } from '@kabuto/contract';
import { useApiQuery } from '../api/hooks';
import { useSession } from './session-store';

/** Refresh interval of the message bell. */
export const UNREAD_POLL_MS = 30_000;

/** The signed-in user (`/user/getUserinfo`); refusal logs out (handled by the client). */
export function useUserInfo(options: { enabled?: boolean } = {}) {
  const token = useSession((s) => s.token);
  return useApiQuery(getUserinfoCall, {}, { enabled: Boolean(token) && options.enabled !== false });
}

/** Account summary of the selected market (`/user/summary`, SPEC §4). */
export function useAccountSummary(options: { enabled?: boolean } = {}) {
  const token = useSession((s) => s.token);
  return useApiQuery(summaryCall, {}, { enabled: Boolean(token) && options.enabled !== false });
}

/** Unread messages for the bell (SPEC §6.6). Polls quietly. */
export function useUnreadCount() {
  const token = useSession((s) => s.token);
  return useApiQuery(
    unreadCountCall,
    {},
    { enabled: Boolean(token), refetchInterval: UNREAD_POLL_MS, loadingToast: false, silent: 'all' },
  );
}
