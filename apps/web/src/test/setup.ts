/**
 * Component tests (jsdom + Testing Library): every namespace loaded in English unless a test
 * switches language, antd-mobile's imperative render shim (the browser APIs jsdom lacks are
 * test/jsdom.ts).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { afterEach, beforeAll, vi } from 'vitest';
import { installAntdRender } from '../app/antd-render';
import { allBundles, i18n, initI18n } from '../shared/i18n';
import { useSession } from '../shared/session/session-store';
import { closeOverlays } from '../shared/ui/overlays';

installAntdRender();

// `findBy…` and `waitFor` wait up to 5 s: a loaded machine runs the whole suite at once.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(async () => {
  initI18n(await allBundles(), 'us');
});

afterEach(async () => {
  cleanup();
  // Dialogs and toasts live outside the tree `cleanup` unmounts: one test's never answers the next's.
  closeOverlays();
  Dialog.clear();
  Toast.clear();
  vi.unstubAllGlobals();
  useSession.getState().clear();
  localStorage.clear();
  if (i18n.language !== 'us') await i18n.changeLanguage('us');
});
