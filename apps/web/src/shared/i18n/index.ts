import type { Language } from '@kabuto/contract';
import type { authI18n } from '../../features/auth/i18n';
import type { blockI18n } from '../../features/block/i18n';
import type { copyI18n } from '../../features/copy/i18n';
import type { daytradeI18n } from '../../features/daytrade/i18n';
import type { homeI18n } from '../../features/home/i18n';
import type { identityI18n } from '../../features/identity/i18n';
import type { ipoI18n } from '../../features/ipo/i18n';
import type { marketI18n } from '../../features/market/i18n';
import type { mineI18n } from '../../features/mine/i18n';
import type { moneyI18n } from '../../features/money/i18n';
import type { newsI18n } from '../../features/news/i18n';
import type { tradingI18n } from '../../features/trading/i18n';
import type { alertsI18n } from '../alerts/i18n';
import type { commonI18n } from './common';
import { startupTexts } from './common/startup';
import type { I18nBundle, Messages } from './define';
import type { errorsI18n, successI18n } from './errors';
import { addBundle, currentLanguage } from './setup';

/**
 * What the app holds from its first moment: the startup screen's words in every language. The
 * rest of `common`, which every other screen uses, loads with the config (`loadNamespaces`).
 */
export const startupBundle = { ns: 'common', resources: startupTexts } as const;

/** A namespace as loaded: every language, or only the reader's. */
type LoadedBundle = Pick<I18nBundle, 'ns'> & { resources: Partial<I18nBundle['resources']> };

const SERVER_KEYS = {
  cn: () => import('./server-keys/cn'),
  us: () => import('./server-keys/us'),
  jp: () => import('./server-keys/jp'),
};
const COMMON = {
  cn: () => import('./common/cn'),
  us: () => import('./common/us'),
  jp: () => import('./common/jp'),
};
const AUTH = {
  cn: () => import('../../features/auth/i18n/cn'),
  us: () => import('../../features/auth/i18n/us'),
  jp: () => import('../../features/auth/i18n/jp'),
};

const serverKeys = () => SERVER_KEYS[currentLanguage()]().then((m) => m.messages);

/** A namespace whose languages are modules of their own: only the reader's is fetched. */
const inReaderLanguage =
  (ns: string, modules: Record<Language, () => Promise<{ messages: Messages }>>) => () => {
    const language = currentLanguage();
    return modules[language]().then((m) => ({ ns, resources: { [language]: m.messages } }));
  };

/**
 * Each feature's namespace, loaded with the feature's first screen (shared/routing lazyPage) so
 * the first screen does not download every other screen's texts. A feature adds its translations
 * with one line here (its `features/<area>/i18n/index.ts`, one module per language beside it); the type below then checks its keys
 * wherever `t` is used.
 */
const featureBundles = {
  // The shared pieces every screen uses, the reader's language only: loaded with the config.
  common: inReaderLanguage('common', COMMON),
  // Server keys (SPEC §7), the reader's language only: loaded with the first screen and before
  // any toast.
  errors: () => serverKeys().then((m) => ({ ns: 'errors', resources: { [currentLanguage()]: m.errors } })),
  success: () => serverKeys().then((m) => ({ ns: 'success', resources: { [currentLanguage()]: m.success } })),
  // The first screens a visitor sees: the reader's language only.
  auth: inReaderLanguage('auth', AUTH),
  home: () => import('../../features/home/i18n').then((m) => m.homeI18n),
  mine: () => import('../../features/mine/i18n').then((m) => m.mineI18n),
  trading: () => import('../../features/trading/i18n').then((m) => m.tradingI18n),
  identity: () => import('../../features/identity/i18n').then((m) => m.identityI18n),
  money: () => import('../../features/money/i18n').then((m) => m.moneyI18n),
  market: () => import('../../features/market/i18n').then((m) => m.marketI18n),
  news: () => import('../../features/news/i18n').then((m) => m.newsI18n),
  block: () => import('../../features/block/i18n').then((m) => m.blockI18n),
  ipo: () => import('../../features/ipo/i18n').then((m) => m.ipoI18n),
  copy: () => import('../../features/copy/i18n').then((m) => m.copyI18n),
  daytrade: () => import('../../features/daytrade/i18n').then((m) => m.daytradeI18n),
  // Price alerts (SPEC §13.3): the stock screen's sheet and the account's alert screens.
  alerts: () => import('../alerts/i18n').then((m) => m.alertsI18n),
} satisfies Record<string, () => Promise<LoadedBundle>>;

export type FeatureNamespace = keyof typeof featureBundles;

/** Namespaces every screen needs besides `common`. */
export const SERVER_KEY_NAMESPACES = ['errors', 'success'] as const satisfies readonly FeatureNamespace[];

const loading = new Map<FeatureNamespace, Promise<void>>();

/** Loads feature namespaces, each once. */
export async function loadNamespaces(names: readonly FeatureNamespace[]): Promise<void> {
  await Promise.all(
    names.map((ns) => {
      let done = loading.get(ns);
      if (!done) {
        done = featureBundles[ns]().then(addBundle);
        // A failed download (offline) is tried again next time.
        done.catch(() => loading.delete(ns));
        loading.set(ns, done);
      }
      return done;
    }),
  );
}

/** Every namespace in every language (translation checks, component tests). */
export async function allBundles(): Promise<I18nBundle[]> {
  const { commonI18n } = await import('./common');
  const { errorsI18n, successI18n } = await import('./errors');
  const { authI18n } = await import('../../features/auth/i18n');
  const features = await Promise.all(
    (Object.keys(featureBundles) as FeatureNamespace[])
      .filter((ns) => !['common', 'errors', 'success', 'auth'].includes(ns))
      .map((ns) => featureBundles[ns]() as Promise<I18nBundle>),
  );
  return [commonI18n, errorsI18n, successI18n, authI18n, ...features];
}

type Bundle =
  | typeof commonI18n
  | typeof errorsI18n
  | typeof successI18n
  | typeof authI18n
  | typeof homeI18n
  | typeof mineI18n
  | typeof tradingI18n
  | typeof identityI18n
  | typeof moneyI18n
  | typeof marketI18n
  | typeof newsI18n
  | typeof blockI18n
  | typeof ipoI18n
  | typeof copyI18n
  | typeof daytradeI18n
  | typeof alertsI18n;
export type AppResources = { [B in Bundle as B['ns']]: B['resources']['cn'] };

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: AppResources;
  }
}

export type { I18nBundle, Messages } from './define';
export { defineMessages } from './define';
export {
  currentLanguage,
  i18n,
  initI18n,
  LANGUAGE_NAMES,
  switchLanguage,
  translateErrorKey,
  translateSuccessKey,
  useLanguage,
} from './setup';
