import { lazyPage } from '../../shared/routing/lazy-page';
import type { AppRoute } from '../../shared/routing/types';

const ProductsPage = lazyPage(['copy'], () => import('./pages/products-page'));
const ProductPage = lazyPage(['copy'], () => import('./pages/product-page'));
const FollowOrdersPage = lazyPage(['copy'], () => import('./pages/follow-orders-page'));

/** Copy trading (SPEC §2, §6.5). */
export const routes: AppRoute[] = [
  { path: '/home/qcList', element: <ProductsPage />, meta: { transition: 'fade', auth: true } },
  { path: '/home/follow', element: <ProductPage />, meta: { transition: 'fade', auth: true } },
  { path: '/mine/followOrder', element: <FollowOrdersPage />, meta: { transition: 'fade', auth: true } },
];
