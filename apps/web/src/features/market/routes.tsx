import { lazy } from 'react';
import type { AppRoute } from '../../shared/routing/types';

const QuotesPage = lazy(() => import('./pages/quotes-page'));
const SearchPage = lazy(() => import('./pages/search-page'));
const QuoteInfoPage = lazy(() => import('./pages/quote-info-page'));
const WatchlistPage = lazy(() => import('./pages/watchlist-page'));

export const routes: AppRoute[] = [
  { path: '/home/index', element: <QuotesPage />, meta: { transition: 'fade', tab: true, auth: true } },
  { path: '/quotes/search', element: <SearchPage />, meta: { transition: 'fade', auth: true } },
  { path: '/quotes/info', element: <QuoteInfoPage />, meta: { transition: 'fade', auth: true } },
  { path: '/quotes/self', element: <WatchlistPage />, meta: { transition: 'fade', auth: true } },
];
