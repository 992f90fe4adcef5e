import { lazy, Suspense, useEffect } from 'react';
import { HashRouter, useLocation, useNavigate } from 'react-router';
import { preloadElement } from '../shared/routing/lazy-page';
import { registerNavigator } from '../shared/routing/navigation';
import { PATHS } from '../shared/routing/paths';
import { hasSession } from '../shared/session/session-store';
import { useCloseOverlaysOnNavigation } from '../shared/ui/overlays';
import { findRoute, RouteTransition } from './route-transition';
import { appRoutes } from './routes';
import { StartupGate } from './startup-gate';

/** Only the five tab screens show it: it loads with the first of them. */
const AppTabBar = lazy(() => import('../shared/layout/tab-bar').then((m) => ({ default: m.AppTabBar })));

/**
 * The screen in the address bar starts loading with the app, alongside /common/config, instead
 * of after the startup gate opens. In a task of its own, just after the app's first one: asking
 * for a screen's files takes a link per file, and the first task is long enough already.
 */
if (typeof window !== 'undefined') {
  setTimeout(() => {
    const pathname = window.location.hash.replace(/^#/, '').split('?')[0] || '/';
    preloadElement(findRoute(appRoutes, pathname)?.element);
    // /login/start only sends the reader on: where it sends them starts loading too.
    if (pathname === PATHS.start)
      preloadElement(findRoute(appRoutes, hasSession() ? PATHS.home : PATHS.logon)?.element);
  }, 0);
}

/** Lets non-React code (the API client on 401, log out) navigate through the router. */
function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigator((to, options) => navigate(to, options));
    return () => registerNavigator(null);
  }, [navigate]);
  return null;
}

function Shell() {
  const { pathname } = useLocation();
  // A dialog or sheet belongs to the screen that opened it (SPEC §2): leaving closes it.
  useCloseOverlaysOnNavigation();
  const tab = findRoute(appRoutes, pathname)?.meta.tab === true;
  return (
    <>
      <RouteTransition routes={appRoutes} />
      {tab && (
        <Suspense fallback={null}>
          <AppTabBar />
        </Suspense>
      )}
    </>
  );
}

/** Hash routing (SPEC §2: `/#/home/home`); routes render once the startup gate has the config. */
export function AppRouter() {
  return (
    <HashRouter>
      <NavigatorBridge />
      <StartupGate>
        <Shell />
      </StartupGate>
    </HashRouter>
  );
}
