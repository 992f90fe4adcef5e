import { LANGUAGE_LOCALE, MARKET_TIMEZONE } from '@kabuto/contract';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installAntdRender } from './app/antd-render';
import { App } from './app/app';
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
