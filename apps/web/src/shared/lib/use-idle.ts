import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has had an idle moment (or after `timeoutMs`).
 * For parts of a screen that are not seen yet, such as a closed sheet: they are made after the
 * screen's first render instead of in it, so that render stays short.
 */
export function useIdle(timeoutMs = 1500): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const request = globalThis.requestIdleCallback;
    const cancel = globalThis.cancelIdleCallback;
    if (typeof request === 'function' && typeof cancel === 'function') {
      const handle = request(() => setIdle(true), { timeout: timeoutMs });
      return () => cancel(handle);
    }
    const timer = setTimeout(() => setIdle(true), 0);
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  return idle;
}
