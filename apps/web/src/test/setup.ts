/**
 * Component tests (jsdom + Testing Library): every namespace loaded in English unless a test
 * switches language, antd-mobile's imperative render shim (the browser APIs jsdom lacks are
 * test/jsdom.ts).
 *
 * The test files of a worker share one module graph and one document (vitest.config.ts,
 * `isolate: false`): after each test, every store goes back to its first state, the app's query
 * client forgets its answers, and the document is emptied, so no test sees another's.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import type { StoreApi } from 'zustand';
import { installAntdRender } from '../app/antd-render';
import { queryClient } from '../shared/api/query-client';
import { useConfigStore } from '../shared/config/config-store';
import { allBundles, i18n, initI18n } from '../shared/i18n';
import { useMarketStore } from '../shared/session/market-store';
import { useSession } from '../shared/session/session-store';
import { useSettings } from '../shared/settings/settings-store';
import { useStepUp } from '../shared/step-up/step-up-store';
import { closeOverlays } from '../shared/ui/overlays';

installAntdRender();

/** A store back to the state it was made with. */
function resetStore<T>(store: StoreApi<T>) {
  store.setState(store.getInitialState(), true);
}

beforeAll(async () => {
  initI18n(await allBundles(), 'us');
});

afterEach(async () => {
  // Real timers first: what follows (and the next file's tests) must not wait on a fake clock.
  vi.useRealTimers();
  cleanup();
  // Dialogs and toasts live outside the tree `cleanup` unmounts: one test's never answers the next's.
  closeOverlays();
  Dialog.clear();
  Toast.clear();
  vi.unstubAllGlobals();
  resetStore(useSession);
  resetStore(useMarketStore);
  resetStore(useConfigStore);
  resetStore(useSettings);
  resetStore(useStepUp);
  queryClient.clear();
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
  document.body.removeAttribute('class');
  window.location.hash = '';
  if (i18n.language !== 'us') await i18n.changeLanguage('us');
});

// React may still hold work it scheduled before the last test's cleanup (a render continued on
// the next macrotask): it runs here, while the file's document exists, not after its teardown.
afterAll(async () => {
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setTimeout(resolve, 0));
});
