import { logoutAllCall, sessionEndCall, sessionsCall } from '@kabuto/contract';
import { invalidateCall, useApiMutation, useApiQuery } from '../../../shared/api/hooks';

/** The user's active sessions (device, last seen), the latest seen first. */
export const useSessions = () => useApiQuery(sessionsCall, {});

/** Ends one other session; the list is read again. */
export const useEndSession = () =>
  useApiMutation(sessionEndCall, { onSuccess: () => invalidateCall(sessionsCall) });

/** Ends every session, this one included (the caller then clears the local session). */
export const useLogoutAll = () => useApiMutation(logoutAllCall);
