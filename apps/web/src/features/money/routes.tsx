import { lazy } from 'react';
import type { AppRoute } from '../../shared/routing/types';

const RecordsPage = lazy(() => import('./pages/records-page'));
const StoredPage = lazy(() => import('./pages/stored-page'));
const DepositPage = lazy(() => import('./pages/deposit-page'));
const WithdrawPage = lazy(() => import('./pages/withdraw-page'));
const ExchangePage = lazy(() => import('./pages/exchange-page'));

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
];
