export { navigateTo, registerNavigator } from './navigation';
export { PATHS } from './paths';
export type { AppRoute, RouteMeta, RouteTransition } from './types';
