import type { ReactNode } from 'react';

/** Transition a route enters and leaves with (SPEC §2: every route fades in and out). */
export type RouteTransition = 'fade';

export interface RouteMeta {
  transition: RouteTransition;
  /** Shows the bottom tab bar (the five tab roots). */
  tab?: boolean;
  /** Needs a session; without one the route sends the user to /login/login. */
  auth: boolean;
}

/** One screen. Each feature exports a list of these from `features/<area>/routes.tsx`. */
export interface AppRoute {
  path: string;
  element: ReactNode;
  meta: RouteMeta;
}
