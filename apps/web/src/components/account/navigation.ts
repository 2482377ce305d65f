import { AUTH_SCREENS, paths, TAB_NAVIGATOR } from '../../routes.ts';
import { useNavigationStore } from '../../state/navigation-store.ts';

export function isAuthScreen(pathname: string): boolean {
  return pathname === paths.splash || AUTH_SCREENS.includes(pathname);
}

/** Screens worth returning to at start: the tab navigator and what is stacked on it, and security. */
export function isRestorable(pathname: string): boolean {
  return pathname.startsWith(`${TAB_NAVIGATOR}/`) || pathname === '/security-setting-screen';
}

/** Where start leads: the saved screen when there is a token, else the dashboard or authenticate. */
export function restoreTarget(hasToken: boolean): string {
  if (!hasToken) return paths.authenticate;
  const saved = useNavigationStore.getState().lastPath;
  return saved && isRestorable(saved.split('?')[0] ?? '') ? saved : paths.tab('dashboard');
}
