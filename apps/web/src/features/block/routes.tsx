import { lazyPage } from '../../shared/routing/lazy-page';
import type { AppRoute } from '../../shared/routing/types';
import { BLOCK_PATHS } from './paths';

const StocksPage = lazyPage(['block'], () => import('./pages/stocks-page'));
const ApplicationsPage = lazyPage(['block'], () => import('./pages/applications-page'));
const ApplyPage = lazyPage(['block'], () => import('./pages/apply-page'));
const ApplicationPage = lazyPage(['block'], () => import('./pages/application-page'));
const RulesPage = lazyPage(['block'], () => import('./pages/rules-page'));
const ProductPage = lazyPage(['block'], () => import('./pages/product-page'));

/** Block trades (SPEC §2 /home/large, largeQc, large2, large3, large4, largeInfo; §6.5). */
export const routes: AppRoute[] = [
  { path: BLOCK_PATHS.stocks, element: <StocksPage />, meta: { transition: 'fade', auth: true } },
  { path: BLOCK_PATHS.applications, element: <ApplicationsPage />, meta: { transition: 'fade', auth: true } },
  { path: BLOCK_PATHS.apply, element: <ApplyPage />, meta: { transition: 'fade', auth: true } },
  { path: BLOCK_PATHS.application, element: <ApplicationPage />, meta: { transition: 'fade', auth: true } },
  { path: BLOCK_PATHS.rules, element: <RulesPage />, meta: { transition: 'fade', auth: true } },
  { path: BLOCK_PATHS.product, element: <ProductPage />, meta: { transition: 'fade', auth: true } },
];
