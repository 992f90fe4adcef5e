import type { Language } from '@kabuto/contract';
import { authI18n } from '../apps/web/src/features/auth/i18n';
import { homeI18n } from '../apps/web/src/features/home/i18n';
import { mineI18n } from '../apps/web/src/features/mine/i18n';
import { commonI18n } from '../apps/web/src/shared/i18n/common';
import { errorsI18n } from '../apps/web/src/shared/i18n/errors';

/** The app's own translations, so journeys assert what a reader of each language sees. */
export const text = (lang: Language) => ({
  auth: authI18n.resources[lang],
  home: homeI18n.resources[lang],
  mine: mineI18n.resources[lang],
  common: commonI18n.resources[lang],
  errors: errorsI18n.resources[lang],
});

export type Tree = { readonly [key: string]: string | Tree };

/** Every key of a translation tree, a nested one as "a.b". */
export function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v, `${prefix}${k}.`),
  );
}

/** Every nested translation key (e.g. "login.title"): one of these on screen is an untranslated text. */
export const TRANSLATION_KEYS = [authI18n, homeI18n, mineI18n, commonI18n]
  .flatMap((bundle) => keysOf(bundle.resources.cn as Tree))
  .filter((k) => k.includes('.'));

export function rawKeysIn(bodyText: string, extraKeys: string[] = []): string[] {
  return [...TRANSLATION_KEYS, ...extraKeys].filter((k) => k.includes('.') && bodyText.includes(k));
}
