import { Toast } from 'antd-mobile';
import { translateErrorKey, translateSuccessKey } from '../i18n/setup';

/** SPEC §10: toasts last 2000 ms. */
export const TOAST_MS = 2000;

export function toastText(content: string): void {
  Toast.show({ content, duration: TOAST_MS });
}

/** Shows a server or client error key in the user's language (unknown keys: generic error). */
export function toastError(key: string): void {
  Toast.show({ icon: 'fail', content: translateErrorKey(key), duration: TOAST_MS });
}

/** Shows a success key (SPEC §7 success keys). */
export function toastSuccess(key: string): void {
  Toast.show({ icon: 'success', content: translateSuccessKey(key), duration: TOAST_MS });
}
