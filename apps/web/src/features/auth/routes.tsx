import { lazyPage } from '../../shared/routing/lazy-page';
import type { AppRoute } from '../../shared/routing/types';

const StartPage = lazyPage(['auth'], () => import('./pages/start-page'));
const LogonPage = lazyPage(['auth'], () => import('./pages/logon-page'));
const LoginPage = lazyPage(['auth'], () => import('./pages/login-page'));
const RegisterPage = lazyPage(['auth'], () => import('./pages/register-page'));
const LoginAfterPage = lazyPage(['auth'], () => import('./pages/login-after-page'));

export const routes: AppRoute[] = [
  { path: '/login/start', element: <StartPage />, meta: { transition: 'fade', auth: false } },
  { path: '/login/logon', element: <LogonPage />, meta: { transition: 'fade', auth: false } },
  { path: '/login/login', element: <LoginPage />, meta: { transition: 'fade', auth: false } },
  { path: '/login/register', element: <RegisterPage />, meta: { transition: 'fade', auth: false } },
  { path: '/login/loginAfter', element: <LoginAfterPage />, meta: { transition: 'fade', auth: true } },
];
