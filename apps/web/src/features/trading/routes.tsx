import { lazyPage } from '../../shared/routing/lazy-page';
import type { AppRoute } from '../../shared/routing/types';

const PositionsPage = lazyPage(['trading'], () => import('./pages/positions-page'));
const PositionInfoPage = lazyPage(['trading'], () => import('./pages/position-info-page'));

export const routes: AppRoute[] = [
  {
    path: '/position/index',
    element: <PositionsPage />,
    meta: { transition: 'fade', tab: true, auth: true },
  },
  { path: '/position/info', element: <PositionInfoPage />, meta: { transition: 'fade', auth: true } },
];
