import { useEffect } from 'react';
import { HashRouter, useLocation, useNavigate } from 'react-router';
import { AppTabBar } from '../shared/layout/tab-bar';
import { registerNavigator } from '../shared/routing/navigation';
import { findRoute, RouteTransition } from './route-transition';
import { appRoutes } from './routes';
import { StartupGate } from './startup-gate';

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
  const tab = findRoute(appRoutes, pathname)?.meta.tab === true;
  return (
    <>
      <RouteTransition routes={appRoutes} />
      {tab && <AppTabBar />}
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
