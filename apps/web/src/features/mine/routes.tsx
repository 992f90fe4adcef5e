import { lazy } from 'react';
import type { AppRoute } from '../../shared/routing/types';

const SettingsPage = lazy(() => import('./pages/settings-page'));
const LanguagePage = lazy(() => import('./pages/language-page'));
const LoginPasswordPage = lazy(() => import('./pages/login-password-page'));
const FundPasswordPage = lazy(() => import('./pages/fund-password-page'));
const MessagePage = lazy(() => import('./pages/message-page'));
const MessageInfoPage = lazy(() => import('./pages/message-info-page'));
const AboutPage = lazy(() => import('./pages/about-page'));
const PrivacyPage = lazy(() => import('./pages/privacy-page'));
const ProtocolPage = lazy(() => import('./pages/protocol-page'));

export const routes: AppRoute[] = [
  { path: '/mine/index', element: <SettingsPage />, meta: { transition: 'fade', auth: true } },
  { path: '/mine/language', element: <LanguagePage />, meta: { transition: 'fade', auth: true } },
  // Reachable before login (welcome and login screens).
  { path: '/mine/changeLang', element: <LanguagePage />, meta: { transition: 'fade', auth: false } },
  { path: '/mine/loginPassword', element: <LoginPasswordPage />, meta: { transition: 'fade', auth: true } },
  { path: '/mine/fundPassword', element: <FundPasswordPage />, meta: { transition: 'fade', auth: true } },
  { path: '/mine/message', element: <MessagePage />, meta: { transition: 'fade', auth: true } },
  { path: '/mine/messageInfo', element: <MessageInfoPage />, meta: { transition: 'fade', auth: true } },
  // Documents are readable before login (the agreement is linked from registration).
  { path: '/mine/about', element: <AboutPage />, meta: { transition: 'fade', auth: false } },
  { path: '/mine/privacy', element: <PrivacyPage />, meta: { transition: 'fade', auth: false } },
  { path: '/mine/protocol', element: <ProtocolPage />, meta: { transition: 'fade', auth: false } },
];
