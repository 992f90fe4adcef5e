import { lazyPage } from '../../shared/routing/lazy-page';
import type { AppRoute } from '../../shared/routing/types';

const HomePage = lazyPage(['home'], () => import('./pages/home-page'));

export const routes: AppRoute[] = [
  { path: '/home/home', element: <HomePage />, meta: { transition: 'fade', tab: true, auth: true } },
];
