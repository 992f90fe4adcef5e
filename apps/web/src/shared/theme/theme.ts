import type { Language } from '@kabuto/contract';
import { type ColorScheme, upColorOf } from '../format/trend';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * SPEC §12: light and dark themes follow the system. antd-mobile switches its CSS variables on
 * `data-prefers-color-scheme`; the app's own variables key off the same attribute.
 */
export function followSystemTheme(): () => void {
  const media = window.matchMedia?.(DARK_QUERY);
  const apply = () => {
    const dark = Boolean(media?.matches);
    document.documentElement.setAttribute('data-prefers-color-scheme', dark ? 'dark' : 'light');
  };
  apply();
  media?.addEventListener('change', apply);
  return () => media?.removeEventListener('change', apply);
}

/** Publishes the price-colour convention as CSS variables (`--kb-up`, `--kb-down`). */
export function applyTrendColors(language: Language, scheme: ColorScheme): void {
  const up = upColorOf(language, scheme);
  const root = document.documentElement;
  root.dataset.upColor = up;
}
