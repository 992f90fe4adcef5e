import { lazyPage } from '../../shared/routing/lazy-page';
import type { AppRoute } from '../../shared/routing/types';

const RecordsPage = lazyPage(['money'], () => import('./pages/records-page'));
const StoredPage = lazyPage(['money'], () => import('./pages/stored-page'));
const DepositPage = lazyPage(['money'], () => import('./pages/deposit-page'));
const WithdrawPage = lazyPage(['money'], () => import('./pages/withdraw-page'));
const ExchangePage = lazyPage(['money'], () => import('./pages/exchange-page'));
const LoanPage = lazyPage(['money'], () => import('./pages/loan-page'));
const LoanOrderPage = lazyPage(['money'], () => import('./pages/loan-order-page'));

/** Deposits, withdrawals, exchange and fund records (SPEC §2, §6.4). */
export const routes: AppRoute[] = [
  {
    path: '/mine/transactionRecords',
    element: <RecordsPage />,
    meta: { transition: 'fade', tab: true, auth: true },
  },
  { path: '/mine/stored', element: <StoredPage />, meta: { transition: 'fade', auth: true } },
  { path: '/mine/deposit', element: <DepositPage />, meta: { transition: 'fade', auth: true } },
  { path: '/mine/withdraw', element: <WithdrawPage />, meta: { transition: 'fade', auth: true } },
  { path: '/mine/exchange', element: <ExchangePage />, meta: { transition: 'fade', auth: true } },
  { path: '/mine/loan', element: <LoanPage />, meta: { transition: 'fade', auth: true } },
  { path: '/mine/loanOrder', element: <LoanOrderPage />, meta: { transition: 'fade', auth: true } },
];
