import { routes as authRoutes } from '../features/auth/routes';
import { routes as blockRoutes } from '../features/block/routes';
import { routes as copyRoutes } from '../features/copy/routes';
import { routes as daytradeRoutes } from '../features/daytrade/routes';
import { routes as homeRoutes } from '../features/home/routes';
import { routes as identityRoutes } from '../features/identity/routes';
import { routes as ipoRoutes } from '../features/ipo/routes';
import { routes as marketRoutes } from '../features/market/routes';
import { routes as mineRoutes } from '../features/mine/routes';
import { routes as moneyRoutes } from '../features/money/routes';
import { routes as newsRoutes } from '../features/news/routes';
import { routes as tradingRoutes } from '../features/trading/routes';
import type { AppRoute } from '../shared/routing/types';

/**
 * Every screen of the app. A feature adds its screens with one line here (its
 * `features/<area>/routes.tsx`).
 */
export const appRoutes: readonly AppRoute[] = [
  ...authRoutes,
  ...homeRoutes,
  ...mineRoutes,
  ...tradingRoutes,
  ...identityRoutes,
  ...moneyRoutes,
  ...blockRoutes,
  ...marketRoutes,
  ...newsRoutes,
  ...ipoRoutes,
  ...copyRoutes,
  ...daytradeRoutes,
];
