/**
 * Navigation for code outside React components (the API client's 401 handling, log out). The
 * router registers its navigate function; before that, the hash is set directly (HashRouter
 * follows it either way).
 */
type NavigateFn = (to: string, options?: { replace?: boolean }) => void;

let navigator: NavigateFn | null = null;

export function registerNavigator(fn: NavigateFn | null): void {
  navigator = fn;
}

export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (navigator) {
    navigator(to, options);
    return;
  }
  if (typeof window !== 'undefined') window.location.hash = `#${to}`;
}
