import { lazy, Suspense } from 'react';
import { useOnline } from '../shared/lib/use-online';
import { useSession } from '../shared/session/session-store';
import { AppProviders } from './providers';
import { AppRouter } from './router';
import { StepUpHost } from './step-up-host';

// Neither is part of the first screen's code (bench/initial-load.ts): the offline notice loads
// when the connection goes (from the service worker's cache), live notices once signed in.
const OfflineBanner = lazy(() =>
  import('../shared/layout/offline-banner').then((m) => ({ default: m.OfflineBanner })),
);
const NoticeHost = lazy(() =>
  import('../shared/realtime/notice-host').then((m) => ({ default: m.NoticeHost })),
);

function OfflineNotice() {
  const online = useOnline();
  return online ? null : (
    <Suspense fallback={null}>
      <OfflineBanner />
    </Suspense>
  );
}

function LiveNotices() {
  const signedIn = useSession((s) => Boolean(s.token));
  return signedIn ? (
    <Suspense fallback={null}>
      <NoticeHost />
    </Suspense>
  ) : null;
}

export function App() {
  return (
    <AppProviders>
      <div className="kb-app">
        <OfflineNotice />
        <AppRouter />
      </div>
      <StepUpHost />
      <LiveNotices />
    </AppProviders>
  );
}
