import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { type Location, matchRoutes, Navigate, Route, Routes, useLocation } from 'react-router';
import { PATHS } from '../shared/routing/paths';
import type { AppRoute, RouteTransition as TransitionName } from '../shared/routing/types';
import { useSession } from '../shared/session/session-store';
import { PageSkeleton } from '../shared/ui/skeletons';

/** Length of the fade-out before the next screen fades in (SPEC §2: every route fades). */
export const FADE_OUT_MS = 140;

function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSession((s) => s.token);
  if (!token) return <Navigate to={PATHS.login} replace />;
  return children;
}

/**
 * Locations typed into the address bar carry no history state, so they all share the key
 * "default"; the path tells them apart.
 */
function sameLocation(a: Location, b: Location): boolean {
  return a.key === b.key && a.pathname === b.pathname && a.search === b.search;
}

export function findRoute(routes: readonly AppRoute[], pathname: string): AppRoute | undefined {
  const matches = matchRoutes(
    routes.map((r) => ({ path: r.path })),
    pathname,
  );
  const path = matches?.[0]?.route.path;
  return path ? routes.find((r) => r.path === path) : undefined;
}

/**
 * Renders the route of the location on screen, fading it out before the next one fades in. The
 * transition is taken from the route's meta; redirects swap at once so they do not flash blank.
 */
export function RouteTransition({ routes }: { routes: readonly AppRoute[] }) {
  const location = useLocation();
  const [shown, setShown] = useState<Location>(location);
  const [phase, setPhase] = useState<'in' | 'out'>('in');

  useEffect(() => {
    if (sameLocation(location, shown)) return;
    const shownRoute = findRoute(routes, shown.pathname);
    if (!shownRoute) {
      setShown(location);
      setPhase('in');
      return;
    }
    setPhase('out');
    const timer = setTimeout(() => {
      setShown(location);
      setPhase('in');
      window.scrollTo(0, 0);
    }, FADE_OUT_MS);
    return () => clearTimeout(timer);
  }, [location, shown, routes]);

  const transition: TransitionName = findRoute(routes, shown.pathname)?.meta.transition ?? 'fade';
  return (
    <div
      key={`${shown.key}${shown.pathname}${shown.search}`}
      className={`kb-route kb-route--${transition} kb-route--${phase}`}
    >
      <Suspense fallback={<PageSkeleton />}>
        <Routes location={shown}>
          <Route path="/" element={<Navigate to={PATHS.start} replace />} />
          {routes.map((route) => (
            <Route
              key={route.path}
              path={route.path}
              element={route.meta.auth ? <RequireAuth>{route.element}</RequireAuth> : route.element}
            />
          ))}
          <Route path="*" element={<Navigate to={PATHS.home} replace />} />
        </Routes>
      </Suspense>
    </div>
  );
}
