import type { ToastShowProps } from 'antd-mobile/es/components/toast';
import { loadNamespaces, SERVER_KEY_NAMESPACES } from '../i18n';
import { translateErrorKey, translateSuccessKey } from '../i18n/setup';

/** SPEC §10: toasts last 2000 ms. */
export const TOAST_MS = 2000;

type ToastApi = typeof import('antd-mobile/es/components/toast').default;

let toastModule: Promise<ToastApi> | null = null;

/**
 * antd-mobile's Toast brings its animation library (react-spring); it loads after the first
 * screen instead of with it, and a toast asked for before it arrives shows when it does.
 */
export function loadToast(): Promise<ToastApi> {
  toastModule ??= import('antd-mobile/es/components/toast').then((m) => m.default);
  return toastModule;
}

export interface ShownToast {
  close(): void;
}

/** When the toast shown last ends (antd-mobile shows one toast at a time: a new one replaces it). */
let busyUntil = 0;

/** How long until the toast on screen has had its time, so a toast nobody asked for waits its turn. */
export function msUntilToastFree(now = Date.now()): number {
  return Math.max(0, busyUntil - now);
}

/**
 * Shows a toast (antd-mobile props, or a function making them once the server keys' texts are
 * loaded); `close` also cancels one that has not shown yet.
 */
export function showToast(props: ToastShowProps | (() => ToastShowProps)): ShownToast {
  let closed = false;
  let shown: ShownToast | undefined;
  void Promise.all([loadToast(), loadNamespaces(SERVER_KEY_NAMESPACES)]).then(([toast]) => {
    if (closed) return;
    const made = typeof props === 'function' ? props() : props;
    busyUntil = Date.now() + (made.duration ?? TOAST_MS);
    shown = toast.show(made);
  });
  return {
    close() {
      closed = true;
      busyUntil = 0;
      shown?.close();
    },
  };
}

export function toastText(content: string): void {
  showToast({ content, duration: TOAST_MS });
}

/** Shows a server or client error key in the user's language (unknown keys: generic error). */
export function toastError(key: string): void {
  showToast(() => ({ icon: 'fail', content: translateErrorKey(key), duration: TOAST_MS }));
}

/** Shows a success key (SPEC §7 success keys). */
export function toastSuccess(key: string): void {
  showToast(() => ({ icon: 'success', content: translateSuccessKey(key), duration: TOAST_MS }));
}

/** A success in the feature's own words, where no success key says what happened (SPEC §0: words match the state). */
export function toastDone(content: string): void {
  showToast({ icon: 'success', content, duration: TOAST_MS });
}
