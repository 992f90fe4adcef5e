import { type ComponentType, isValidElement, type LazyExoticComponent, lazy, type ReactNode } from 'react';
import { type FeatureNamespace, loadNamespaces, SERVER_KEY_NAMESPACES } from '../i18n';

export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Starts loading the screen (code and texts) before it renders. */
  preload(): Promise<{ default: ComponentType }>;
};

/**
 * A screen loaded on first visit together with the translation namespaces it uses (and the
 * server keys' texts), so it never renders before its texts are there.
 */
export function lazyPage(
  namespaces: readonly FeatureNamespace[],
  load: () => Promise<{ default: ComponentType }>,
): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    loading ??= Promise.all([load(), loadNamespaces([...SERVER_KEY_NAMESPACES, ...namespaces])]).then(
      ([page]) => page,
    );
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}

/** Starts loading the screen an element shows, when it is a lazy page. */
export function preloadElement(element: ReactNode): void {
  if (!isValidElement(element)) return;
  const type = element.type as Partial<LazyPage>;
  if (typeof type.preload === 'function') void type.preload().catch(() => undefined);
}
