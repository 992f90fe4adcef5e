import { lazyPage } from '../../shared/routing/lazy-page';
import type { AppRoute } from '../../shared/routing/types';

const NewsPage = lazyPage(['news'], () => import('./pages/news-page'));
const ArticlePage = lazyPage(['news'], () => import('./pages/article-page'));

export const routes: AppRoute[] = [
  { path: '/news/index', element: <NewsPage />, meta: { transition: 'fade', tab: true, auth: true } },
  { path: '/news/info', element: <ArticlePage />, meta: { transition: 'fade', auth: true } },
];
