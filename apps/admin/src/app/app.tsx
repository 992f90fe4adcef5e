import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import jaJP from 'antd/locale/ja_JP';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/ja';
import 'dayjs/locale/zh-cn';
import { HashRouter, Navigate, Route, Routes } from 'react-router';
import { AuditPage } from '../features/audit/audit-page';
import { LoginPage } from '../features/auth/login-page';
import { BlockPage } from '../features/block/block-page';
import { MessagesPage } from '../features/content/messages-page';
import { NewsPage } from '../features/content/news-page';
import { CopyPage } from '../features/copy/copy-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { DayTradesPage } from '../features/daytrade/daytrades-page';
import { NewSharesPage } from '../features/newshares/newshares-page';
import { NotifyPage } from '../features/notify/notify-page';
import { OperatorsPage } from '../features/operators/operators-page';
import { ReviewsPage } from '../features/reviews/reviews-page';
import { ConfigPage } from '../features/settings/config-page';
import { AdjustmentsPage } from '../features/users/adjustments-page';
import { UserPage } from '../features/users/user-page';
import { UsersPage } from '../features/users/users-page';
import { ApiError } from '../shared/api';
import { currentLanguage } from '../shared/i18n';
import { ROLE_AREAS, useSession } from '../shared/session';
import { Shell } from './shell';

const ANTD_LOCALES = { cn: zhCN, us: enUS, jp: jaJP };
const DAYJS_LOCALES = { cn: 'zh-cn', us: 'en', jp: 'ja' };

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A refusal (401, 403, 404, bad input) is an answer, not a network blip.
      retry: (count, error) => !(error instanceof ApiError) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
  queryCache: new QueryCache(),
});

const PAGES: Array<{ area: string; path: string; element: React.ReactNode }> = [
  { area: 'dashboard', path: '/dashboard', element: <DashboardPage /> },
  { area: 'reviews', path: '/reviews', element: <ReviewsPage /> },
  { area: 'daytrades', path: '/daytrades', element: <DayTradesPage /> },
  { area: 'users', path: '/users', element: <UsersPage /> },
  { area: 'users', path: '/users/:id', element: <UserPage /> },
  { area: 'adjustments', path: '/adjustments', element: <AdjustmentsPage /> },
  { area: 'block', path: '/block', element: <BlockPage /> },
  { area: 'newshares', path: '/newshares', element: <NewSharesPage /> },
  { area: 'news', path: '/news', element: <NewsPage /> },
  { area: 'copy', path: '/copy', element: <CopyPage /> },
  { area: 'messages', path: '/messages', element: <MessagesPage /> },
  { area: 'notify', path: '/notify', element: <NotifyPage /> },
  { area: 'config', path: '/config', element: <ConfigPage /> },
  { area: 'audit', path: '/audit', element: <AuditPage /> },
  { area: 'operators', path: '/operators', element: <OperatorsPage /> },
];

function AppRoutes() {
  const current = useSession();
  if (!current) return <LoginPage />;
  const allowed = PAGES.filter((p) => ROLE_AREAS[current.role].has(p.area));
  return (
    <Shell>
      <Routes>
        {allowed.map((p) => (
          <Route key={p.path} path={p.path} element={p.element} />
        ))}
        <Route path="*" element={<Navigate to="/dashboard" replace />} />
      </Routes>
    </Shell>
  );
}

export function App() {
  const language = currentLanguage();
  dayjs.locale(DAYJS_LOCALES[language]);
  return (
    <QueryClientProvider client={queryClient}>
      {/* No space put between two CJK characters of a button ("作 成"): labels read as written. */}
      <ConfigProvider locale={ANTD_LOCALES[language]} button={{ autoInsertSpace: false }}>
        <AntApp>
          <HashRouter>
            <AppRoutes />
          </HashRouter>
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
