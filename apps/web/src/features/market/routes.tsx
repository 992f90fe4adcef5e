import { lazyPage } from '../../shared/routing/lazy-page';
import type { AppRoute } from '../../shared/routing/types';

const QuotesPage = lazyPage(['market', 'trading'], () => import('./pages/quotes-page'));
const SearchPage = lazyPage(['market', 'trading'], () => import('./pages/search-page'));
const QuoteInfoPage = lazyPage(['market', 'trading', 'alerts'], () => import('./pages/quote-info-page'));
const WatchlistPage = lazyPage(['market', 'trading'], () => import('./pages/watchlist-page'));

export const routes: AppRoute[] = [
  { path: '/home/index', element: <QuotesPage />, meta: { transition: 'fade', tab: true, auth: true } },
  { path: '/quotes/search', element: <SearchPage />, meta: { transition: 'fade', auth: true } },
  { path: '/quotes/info', element: <QuoteInfoPage />, meta: { transition: 'fade', auth: true } },
  { path: '/quotes/self', element: <WatchlistPage />, meta: { transition: 'fade', auth: true } },
];
