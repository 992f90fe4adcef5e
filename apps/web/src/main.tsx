import { unstableSetRender } from 'antd-mobile';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './app/app';
import { i18nBundles, initI18n } from './shared/i18n';
import { followSystemTheme } from './shared/theme/theme';
import './app/styles.css';

// antd-mobile renders Toast, Dialog and friends with the legacy ReactDOM.render, which React 19
// removed; without this shim those calls silently render nothing.
const imperativeRoots = new WeakMap<Element | DocumentFragment, Root>();
unstableSetRender((node, container) => {
  let root = imperativeRoots.get(container);
  if (!root) {
    root = createRoot(container);
    imperativeRoots.set(container, root);
  }
  root.render(node);
  return async () => {
    // Let the closing animation's last frame commit before unmounting.
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    imperativeRoots.delete(container);
  };
});

initI18n(i18nBundles);
followSystemTheme();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
