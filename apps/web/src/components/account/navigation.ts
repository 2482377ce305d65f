import { isKnownPath } from '../../router/known-paths.ts';
import { AUTH_SCREENS, paths, TAB_NAVIGATOR } from '../../routes.ts';
import { useNavigationStore } from '../../state/navigation-store.ts';

export function isAuthScreen(pathname: string): boolean {
  return pathname === paths.splash || AUTH_SCREENS.includes(pathname);
}

/**
 * Screens worth returning to at start: the tab navigator and what is stacked on it, and security;
 * only paths a route of the app answers (an unknown one would lead to not-found at every start).
 */
export function isRestorable(pathname: string): boolean {
  return (
    (pathname.startsWith(`${TAB_NAVIGATOR}/`) || pathname === '/security-setting-screen') &&
    isKnownPath(pathname)
  );
}

/**
 * Where start leads: the saved screen when there is a token, else the dashboard or authenticate. A saved
 * path no route answers (saved by an earlier version) is ignored.
 */
export function restoreTarget(hasToken: boolean): string {
  if (!hasToken) return paths.authenticate;
  const saved = useNavigationStore.getState().lastPath;
  return saved && isRestorable(saved.split('?')[0] ?? '') ? saved : paths.tab('dashboard');
}
