import { lazyPage } from '../../shared/routing/lazy-page';
import type { AppRoute } from '../../shared/routing/types';

const VerifiedPage = lazyPage(['identity'], () => import('./pages/verified-page'));
const BankPage = lazyPage(['identity'], () => import('./pages/bank-page'));
const BankAddPage = lazyPage(['identity'], () => import('./pages/bank-add-page'));

/** Real-name verification and bank cards (SPEC §2, §6.6). */
export const routes: AppRoute[] = [
  { path: '/mine/verified', element: <VerifiedPage />, meta: { transition: 'fade', auth: true } },
  { path: '/mine/bank', element: <BankPage />, meta: { transition: 'fade', auth: true } },
  { path: '/mine/bankAdd', element: <BankAddPage />, meta: { transition: 'fade', auth: true } },
];
