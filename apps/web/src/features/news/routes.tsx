import { lazy } from 'react';
import type { AppRoute } from '../../shared/routing/types';

const NewsPage = lazy(() => import('./pages/news-page'));
const ArticlePage = lazy(() => import('./pages/article-page'));

export const routes: AppRoute[] = [
  { path: '/news/index', element: <NewsPage />, meta: { transition: 'fade', tab: true, auth: true } },
  { path: '/news/info', element: <ArticlePage />, meta: { transition: 'fade', auth: true } },
];
