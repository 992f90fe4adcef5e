import { logoutCall } from '@kabuto/contract';
import { callApi, clearClientState } from '../api/client';
import { navigateTo } from '../routing/navigation';
import { PATHS } from '../routing/paths';

/** SPEC §10: the "exit" action leaves for the login page after 1 s. */
export const EXIT_REDIRECT_MS = 1000;

/**
 * Log out (SPEC §3): end the session on the server (best effort: a dead session is already
 * logged out), then clear token, account, searchList and client state and open /login/login.
 */
export async function logout(): Promise<void> {
  try {
    await callApi(logoutCall, {}, { silent: 'all' });
  } catch {
    // The local session is cleared either way.
  }
  clearClientState();
  navigateTo(PATHS.login, { replace: true });
}

/** The page action "exit" (SPEC §3): drop token and account, then /login/login after 1 s. */
export function exit(): void {
  clearClientState();
  setTimeout(() => navigateTo(PATHS.login, { replace: true }), EXIT_REDIRECT_MS);
}
