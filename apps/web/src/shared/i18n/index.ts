import { authI18n } from '../../features/auth/i18n';
import { homeI18n } from '../../features/home/i18n';
import { identityI18n } from '../../features/identity/i18n';
import { marketI18n } from '../../features/market/i18n';
import { mineI18n } from '../../features/mine/i18n';
import { moneyI18n } from '../../features/money/i18n';
import { newsI18n } from '../../features/news/i18n';
import { tradingI18n } from '../../features/trading/i18n';
import { commonI18n } from './common';
import { errorsI18n, successI18n } from './errors';

/**
 * Every namespace of the app. A feature adds its translations with one line here (its
 * `features/<area>/i18n.ts`); the type below then checks its keys wherever `t` is used.
 */
export const i18nBundles = [
  commonI18n,
  errorsI18n,
  successI18n,
  authI18n,
  homeI18n,
  mineI18n,
  tradingI18n,
  identityI18n,
  moneyI18n,
  marketI18n,
  newsI18n,
] as const;

type Bundle = (typeof i18nBundles)[number];
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
