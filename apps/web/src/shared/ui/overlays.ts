import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Dialogs and sheets opened imperatively (Dialog.confirm) live outside the page that opened
 * them. They close when the screen changes, so a confirmation can never be answered from
 * another screen (SPEC §2). Declarative dialogs and sheets close with the page they belong to.
 */
const closers = new Set<() => void>();

/** Registers how to close one kind of overlay; returns the unregistration. */
export function closeOnNavigation(close: () => void): () => void {
  closers.add(close);
  return () => closers.delete(close);
}

export function closeOverlays(): void {
  for (const close of closers) close();
}

/** Closes every registered overlay whenever the location changes (used once, by the router). */
export function useCloseOverlaysOnNavigation(): void {
  const { key } = useLocation();
  useEffect(() => {
    if (key) closeOverlays();
  }, [key]);
}
