import { lazy } from 'react';
import type { AppRoute } from '../../shared/routing/types';

const StartPage = lazy(() => import('./pages/start-page'));
const LogonPage = lazy(() => import('./pages/logon-page'));
const LoginPage = lazy(() => import('./pages/login-page'));
const RegisterPage = lazy(() => import('./pages/register-page'));
const LoginAfterPage = lazy(() => import('./pages/login-after-page'));

export const routes: AppRoute[] = [
  { path: '/login/start', element: <StartPage />, meta: { transition: 'fade', auth: false } },
  { path: '/login/logon', element: <LogonPage />, meta: { transition: 'fade', auth: false } },
  { path: '/login/login', element: <LoginPage />, meta: { transition: 'fade', auth: false } },
  { path: '/login/register', element: <RegisterPage />, meta: { transition: 'fade', auth: false } },
  { path: '/login/loginAfter', element: <LoginAfterPage />, meta: { transition: 'fade', auth: true } },
];
