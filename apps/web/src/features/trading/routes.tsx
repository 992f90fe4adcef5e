import { lazy } from 'react';
import type { AppRoute } from '../../shared/routing/types';

const PositionsPage = lazy(() => import('./pages/positions-page'));
const PositionInfoPage = lazy(() => import('./pages/position-info-page'));

export const routes: AppRoute[] = [
  {
    path: '/position/index',
    element: <PositionsPage />,
    meta: { transition: 'fade', tab: true, auth: true },
  },
  { path: '/position/info', element: <PositionInfoPage />, meta: { transition: 'fade', auth: true } },
];
