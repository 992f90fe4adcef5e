import { Workbox } from 'workbox-window';
import { i18n } from '../shared/i18n/setup';
import { toastText } from '../shared/ui/toast';

/**
 * Registers the service worker. A new version installs in the background and waits: it takes
 * over on the next start, and the investor is told so instead of the page reloading under them.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const workbox = new Workbox('./sw.js', { scope: './' });
  workbox.addEventListener('waiting', () => toastText(i18n.t('notice.update')));
  void workbox.register().catch(() => undefined);
}
