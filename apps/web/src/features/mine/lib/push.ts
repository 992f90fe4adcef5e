import { pushKeyCall, pushSubscribeCall } from '@kabuto/contract';
import { callApi } from '../../../shared/api/client';

/** What this browser can do about Web Push (SPEC §13.3). */
export type PushState = 'unsupported' | 'denied' | 'default' | 'granted';

/** How long to wait for the service worker before giving up on push for now. */
export const SERVICE_WORKER_WAIT_MS = 10_000;

export function pushState(): PushState {
  if (
    typeof window === 'undefined' ||
    !('Notification' in window) ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window)
  )
    return 'unsupported';
  return Notification.permission;
}

/** The VAPID key as the bytes PushManager.subscribe wants (it comes base64url-encoded). */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function serviceWorkerReady(): Promise<ServiceWorkerRegistration> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('service worker not ready')), SERVICE_WORKER_WAIT_MS);
    navigator.serviceWorker.ready.then(
      (registration) => {
        clearTimeout(timer);
        resolve(registration);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Asks for permission (only ever after the investor turned a kind on) and keeps this device's
 * subscription on the server. The answer is the permission state afterwards and the number of
 * devices, or 'failed' when the browser allowed it but subscribing did not work.
 */
export async function enablePush(): Promise<{ state: PushState | 'failed'; devices?: number }> {
  const before = pushState();
  if (before === 'unsupported' || before === 'denied') return { state: before };
  const permission = before === 'granted' ? before : await Notification.requestPermission();
  if (permission !== 'granted') return { state: permission };
  try {
    const registration = await serviceWorkerReady();
    const existing = await registration.pushManager.getSubscription();
    const subscription =
      existing ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes((await callApi(pushKeyCall, {}, { loading: false })).key),
      }));
    const json = subscription.toJSON();
    const { devices } = await callApi(
      pushSubscribeCall,
      {
        subscription: {
          endpoint: json.endpoint ?? subscription.endpoint,
          expirationTime: json.expirationTime ?? null,
          keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
        },
      },
      { loading: false },
    );
    return { state: 'granted', devices };
  } catch {
    return { state: 'failed' };
  }
}
