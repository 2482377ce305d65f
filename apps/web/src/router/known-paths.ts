import { matchRoutes, type RouteObject } from 'react-router';

/** The app's route tree, registered once by App (kept here so start-up logic can ask without importing screens). */
let known: RouteObject[] = [];

export function registerRoutes(routes: RouteObject[]): void {
  known = routes;
}

/**
 * True when a route of the app (other than the catch-all not-found route) answers this path. Unknown
 * paths are never saved as the place to reopen, nor restored from an earlier save (issue 17, item 1).
 */
export function isKnownPath(pathname: string): boolean {
  const matches = matchRoutes(known, pathname);
  const leaf = matches?.[matches.length - 1];
  return leaf !== undefined && leaf.route.path !== '*';
}
