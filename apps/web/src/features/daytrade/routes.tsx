import { lazyPage } from '../../shared/routing/lazy-page';
import type { AppRoute } from '../../shared/routing/types';

const DayTradingPage = lazyPage(['daytrade'], () => import('./pages/day-trading-page'));
const DayTradeDetailPage = lazyPage(['daytrade'], () => import('./pages/day-trade-detail-page'));

/** The day-trading program (SPEC §2 /home/withinDays, §6.5). */
export const routes: AppRoute[] = [
  { path: '/home/withinDays', element: <DayTradingPage />, meta: { transition: 'fade', auth: true } },
  { path: '/home/withinDaysInfo', element: <DayTradeDetailPage />, meta: { transition: 'fade', auth: true } },
];
