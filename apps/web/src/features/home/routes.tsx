import { lazy } from 'react';
import type { AppRoute } from '../../shared/routing/types';

const HomePage = lazy(() => import('./pages/home-page'));

export const routes: AppRoute[] = [
  { path: '/home/home', element: <HomePage />, meta: { transition: 'fade', tab: true, auth: true } },
];
