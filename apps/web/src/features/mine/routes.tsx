import { lazyPage } from '../../shared/routing/lazy-page';
import type { AppRoute } from '../../shared/routing/types';

const SettingsPage = lazyPage(['mine'], () => import('./pages/settings-page'));
const LanguagePage = lazyPage(['mine'], () => import('./pages/language-page'));
const LoginPasswordPage = lazyPage(['mine'], () => import('./pages/login-password-page'));
const FundPasswordPage = lazyPage(['mine'], () => import('./pages/fund-password-page'));
const SessionsPage = lazyPage(['mine'], () => import('./pages/sessions-page'));
const SecurityPage = lazyPage(['mine'], () => import('./pages/security-page'));
const MessagePage = lazyPage(['mine'], () => import('./pages/message-page'));
const MessageInfoPage = lazyPage(['mine'], () => import('./pages/message-info-page'));
const AlertsPage = lazyPage(['mine', 'alerts'], () => import('./pages/alerts-page'));
const NotificationsPage = lazyPage(['mine', 'alerts'], () => import('./pages/notifications-page'));
const AboutPage = lazyPage(['mine'], () => import('./pages/about-page'));
const PrivacyPage = lazyPage(['mine'], () => import('./pages/privacy-page'));
const ProtocolPage = lazyPage(['mine'], () => import('./pages/protocol-page'));

export const routes: AppRoute[] = [
  { path: '/mine/index', element: <SettingsPage />, meta: { transition: 'fade', auth: true } },
  { path: '/mine/language', element: <LanguagePage />, meta: { transition: 'fade', auth: true } },
  // Reachable before login (welcome and login screens).
  { path: '/mine/changeLang', element: <LanguagePage />, meta: { transition: 'fade', auth: false } },
  { path: '/mine/loginPassword', element: <LoginPasswordPage />, meta: { transition: 'fade', auth: true } },
  { path: '/mine/fundPassword', element: <FundPasswordPage />, meta: { transition: 'fade', auth: true } },
  { path: '/mine/sessions', element: <SessionsPage />, meta: { transition: 'fade', auth: true } },
  { path: '/mine/security', element: <SecurityPage />, meta: { transition: 'fade', auth: true } },
  { path: '/mine/message', element: <MessagePage />, meta: { transition: 'fade', auth: true } },
  { path: '/mine/messageInfo', element: <MessageInfoPage />, meta: { transition: 'fade', auth: true } },
  { path: '/mine/alerts', element: <AlertsPage />, meta: { transition: 'fade', auth: true } },
  { path: '/mine/notifications', element: <NotificationsPage />, meta: { transition: 'fade', auth: true } },
  // Documents are readable before login (the agreement is linked from registration).
  { path: '/mine/about', element: <AboutPage />, meta: { transition: 'fade', auth: false } },
  { path: '/mine/privacy', element: <PrivacyPage />, meta: { transition: 'fade', auth: false } },
  { path: '/mine/protocol', element: <ProtocolPage />, meta: { transition: 'fade', auth: false } },
];
