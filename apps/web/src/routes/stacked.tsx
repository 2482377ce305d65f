import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { LoggedInOnly } from '../components/account/guards.tsx';
import { TAB_NAVIGATOR } from '../routes.ts';

/** A screen stacked on the tab navigator (no tab bar): its path under the navigator, and the screen. */
export type Stacked = readonly [path: string, element: ReactNode];

/**
 * Routes for stacked screens. Logged out, each leads to authenticate and is resumed after login
 * (spec section 2). Every feature's route file lists its screens and passes them here.
 */
export function stackedRoutes(screens: readonly Stacked[]) {
  return screens.map(([path, element]) => (
    <Route key={path} path={`${TAB_NAVIGATOR}/${path}`} element={<LoggedInOnly>{element}</LoggedInOnly>} />
  ));
}
