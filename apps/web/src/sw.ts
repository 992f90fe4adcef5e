import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/**
 * The investor app's service worker (SPEC §13.3): keeps the app shell for an offline start
 * (Workbox's precache, whose file list the build writes into `self.__WB_MANIFEST`:
 * vite-plugin-pwa, injectManifest), takes a new version on the next start (never in the middle of
 * a session), and shows Web Push notifications.
 */

/** What the build lists: a file, and a revision for a file whose name does not change with it. */
interface ShellEntry {
  url: string;
  revision: string | null;
}

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown; text(): string } | null;
}

interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification & { data: unknown };
}

interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}

interface WorkerScope {
  __WB_MANIFEST: Array<ShellEntry | string>;
  readonly location: Location;
  readonly registration: ServiceWorkerRegistration;
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}

declare const self: WorkerScope;

const scope = new URL(self.registration.scope);
const shellUrl = (url: string) => new URL(url, scope).href;

// No skipWaiting: a new version installs beside the old one and waits until every window of the
// old one has closed, so a session never changes code under the investor's hands. The first
// version takes the open page at once (there is no old one to wait for).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();
// Every screen is the one page (hash routing): a navigation inside the scope is index.html from
// the precache. The back office under /admin/ and the API go to the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [new RegExp(`^${scope.pathname}(admin|api)(/|$)`)],
  }),
);

interface PushPayload {
  title: string;
  body: string;
  id: number | string;
  url: string;
}

function payloadOf(event: PushEvent): PushPayload | null {
  try {
    const data = event.data?.json();
    if (typeof data !== 'object' || data === null) return null;
    const { title, body, id, url } = data as Partial<Record<keyof PushPayload, unknown>>;
    if (typeof title !== 'string') return null;
    return {
      title,
      body: typeof body === 'string' ? body : '',
      id: typeof id === 'number' || typeof id === 'string' ? id : '',
      url: typeof url === 'string' ? url : './',
    };
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const payload = payloadOf(event);
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      // One notification per message: a message sent again replaces its own.
      tag: String(payload.id),
      data: { url: payload.url },
      icon: shellUrl('icon-192.png'),
      badge: shellUrl('icon-192.png'),
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  const target = new URL(typeof data?.url === 'string' ? data.url : './', scope);
  // Only the app's own pages open from a notification.
  const url = target.origin === scope.origin ? target.href : scope.href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((client) => new URL(client.url).origin === scope.origin);
      if (open) {
        const focused = await open.focus();
        await focused.navigate(url).catch(() => null);
        return;
      }
      await self.clients.openWindow(url);
    }),
  );
});
