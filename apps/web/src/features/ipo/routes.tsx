import { lazyPage } from '../../shared/routing/lazy-page';
import type { AppRoute } from '../../shared/routing/types';

const NewSharePage = lazyPage(['ipo'], () => import('./pages/new-share-page'));
const NewShareInfoPage = lazyPage(['ipo'], () => import('./pages/new-share-info-page'));
const NewShareOrderPage = lazyPage(['ipo'], () => import('./pages/new-share-order-page'));
const LotteryPage = lazyPage(['ipo'], () => import('./pages/lottery-page'));

/** New shares (SPEC §2, §6.5). */
export const routes: AppRoute[] = [
  { path: '/home/newShare', element: <NewSharePage />, meta: { transition: 'fade', auth: true } },
  { path: '/home/newShareInfo', element: <NewShareInfoPage />, meta: { transition: 'fade', auth: true } },
  { path: '/home/newShareLottery', element: <LotteryPage />, meta: { transition: 'fade', auth: true } },
  { path: '/mine/newShareOrder', element: <NewShareOrderPage />, meta: { transition: 'fade', auth: true } },
];
