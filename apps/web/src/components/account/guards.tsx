import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths, TAB_NAVIGATOR } from '../../routes.ts';
import { useAuthStore } from '../../state/auth-store.ts';

/** Logged out, a screen leads to authenticate and is resumed after login (spec section 2). */
export function LoggedInOnly({ children }: { children: ReactNode }) {
  const isLoggedIn = useAuthStore((s) => s.isLoggedIn);
  const location = useLocation();
  if (!isLoggedIn)
    return (
      <Navigate to={paths.authenticate} replace state={{ from: `${location.pathname}${location.search}` }} />
    );
  return children;
}

/** Logged in, an auth-type screen (sign-up, reset) leads on to the tab navigator. */
export function LoggedOutOnly({ children }: { children: ReactNode }) {
  const isLoggedIn = useAuthStore((s) => s.isLoggedIn);
  const location = useLocation();
  if (!isLoggedIn) return children;
  const from = (location.state as { from?: unknown } | null)?.from;
  return (
    <Navigate
      to={typeof from === 'string' && from.startsWith(TAB_NAVIGATOR) ? from : paths.tab('dashboard')}
      replace
    />
  );
}
