import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile renders Toast, Dialog and friends with the legacy ReactDOM.render, which React 19
 * removed; without this shim those calls silently render nothing.
 */
export function installAntdRender(): void {
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
}
