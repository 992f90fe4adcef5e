import { LANGUAGE_LOCALE, MARKET_TIMEZONE } from '@kabuto/contract';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installAntdRender } from './app/antd-render';
import { App } from './app/app';
import { linkManifest } from './app/manifest-link';
import { useConfigStore } from './shared/config/config-store';
import { prepareFormatters } from './shared/format/intl';
import { initI18n, startupBundle } from './shared/i18n';
import { currentLanguage } from './shared/i18n/setup';
import { currentMarket } from './shared/session/market-store';
import { followSystemTheme } from './shared/theme/theme';
import './app/styles.css';

installAntdRender();
// The reader's language only: choosing another reloads the app (SPEC §1).
initI18n([startupBundle], undefined, { onlyLanguage: true });
followSystemTheme();
linkManifest(currentLanguage());

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
// While the first screen waits for the server: a screen full of prices then renders without
// starting the browser's Intl library first.
setTimeout(() => prepareFormatters(LANGUAGE_LOCALE[currentLanguage()], MARKET_TIMEZONE[currentMarket()]), 0);
// The offline shell and push (SPEC §13.3), in the built app only: a worker in development would
// serve stale modules. Its registration and its precache (every file of the app) wait until the
// first screen is drawn: the config has come, the browser has an idle moment, and a second more
// for the screen's own modules (e2e/delivery.e2e.ts: nothing else is asked for before it).
if (import.meta.env.PROD) {
  const register = () => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
    idle(
      () =>
        setTimeout(() => void import('./app/service-worker').then((m) => m.registerServiceWorker()), 1000),
      {
        timeout: 10_000,
      },
    );
  };
  const stop = useConfigStore.subscribe((state) => {
    if (!state.loaded) return;
    stop();
    register();
  });
}
