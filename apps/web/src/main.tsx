import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installAntdRender } from './app/antd-render';
import { App } from './app/app';
import { i18nBundles, initI18n } from './shared/i18n';
import { followSystemTheme } from './shared/theme/theme';
import './app/styles.css';

installAntdRender();
initI18n(i18nBundles);
followSystemTheme();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
