import type { CallDef, RequestOf, ResponseOf } from '@kabuto/contract';
import { currentLanguage, i18n, translateErrorKey } from '../i18n/setup';
import { newIdempotencyKey } from '../lib/idempotency';
import { removeStorage, STORAGE_KEYS } from '../lib/storage';
import { navigateTo } from '../routing/navigation';
import { PATHS } from '../routing/paths';
import { currentMarket } from '../session/market-store';
import { useSession } from '../session/session-store';
import { requestStepUp } from '../step-up/step-up-store';
import { type ShownToast, showToast, TOAST_MS, toastError } from '../ui/toast';
import { API_BASE, type CallOptions, createApiClient } from './api-core';
import { queryClient } from './query-client';

export { ApiError, type CallOptions, isApiError } from './api-core';

/** SPEC §3, §10: after a 401 the login page opens 1.5 s later (time to read the toast). */
export const UNAUTHORIZED_REDIRECT_MS = 1500;
/** A loading toast for requests that finish faster than this would only flicker. */
export const LOADING_TOAST_DELAY_MS = 250;

let loadingToast: ShownToast | null = null;
let loadingTimer: ReturnType<typeof setTimeout> | null = null;

function showLoading() {
  loadingTimer = setTimeout(() => {
    loadingTimer = null;
    loadingToast = showToast({
      icon: 'loading',
      content: i18n.t('status.loading'),
      duration: 0,
      maskClickable: true,
    });
  }, LOADING_TOAST_DELAY_MS);
}

function hideLoading() {
  if (loadingTimer) clearTimeout(loadingTimer);
  loadingTimer = null;
  loadingToast?.close();
  loadingToast = null;
}

/**
 * Forgets everything tied to the signed-in user: token, account, recent searches and cached
 * answers (SPEC §3 log out). Language, market and display settings stay.
 */
export function clearClientState(): void {
  useSession.getState().clear();
  removeStorage(STORAGE_KEYS.searchList);
  void queryClient.cancelQueries();
  queryClient.clear();
}

let redirecting = false;

/**
 * SPEC §3: a 401 clears the session and opens /login/login 1.5 s later. Storage forgets it at
 * once; the in-memory session (and with it the auth guard) goes with the redirect, so the current
 * screen stays while the toast is read.
 */
function onUnauthorized() {
  if (redirecting) return;
  redirecting = true;
  const hadSession = Boolean(useSession.getState().token);
  // A reload during the wait must not reuse the dead session.
  removeStorage(STORAGE_KEYS.token);
  removeStorage(STORAGE_KEYS.account);
  if (hadSession) showToast(() => ({ content: translateErrorKey('session_expired'), duration: TOAST_MS }));
  setTimeout(() => {
    redirecting = false;
    clearClientState();
    navigateTo(PATHS.login, { replace: true });
  }, UNAUTHORIZED_REDIRECT_MS);
}

function onUserinfoRefused() {
  clearClientState();
  navigateTo(PATHS.login, { replace: true });
}

export const apiClient = createApiClient({
  fetch: (input, init) => fetch(input, init),
  baseUrl: API_BASE,
  session: () => useSession.getState(),
  market: currentMarket,
  language: currentLanguage,
  newIdempotencyKey: () => newIdempotencyKey(),
  showLoading,
  hideLoading,
  showError: toastError,
  onUnauthorized,
  onUserinfoRefused,
  stepUp: requestStepUp,
});

/** Calls an investor API endpoint, typed by its contract definition. */
export function callApi<C extends CallDef>(
  call: C,
  body: RequestOf<C>,
  options?: CallOptions,
): Promise<ResponseOf<C>> {
  return apiClient.call(call, body, options);
}

/** Sends a multipart call (identity images, deposit receipts). */
export function uploadApi<C extends CallDef>(
  call: C,
  fields: Record<string, string | Blob | number | boolean | undefined>,
  options?: CallOptions,
): Promise<ResponseOf<C>> {
  return apiClient.upload(call, fields, options);
}
