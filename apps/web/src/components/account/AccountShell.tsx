import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { correctedNow } from '../../data/api.ts';
import { ensureHashedClientId } from '../../data/client-id.ts';
import { defaultDayBounds, isDayTime } from '../../data/clock.ts';
import { paths } from '../../routes.ts';
import { THEME_HEX, useAppSettingStore } from '../../state/app-setting-store.ts';
import { useAuthStore } from '../../state/auth-store.ts';
import { useNavigationStore } from '../../state/navigation-store.ts';
import { useSaveLoginStore } from '../../state/save-login-store.ts';
import { isAuthScreen, isRestorable } from './navigation.ts';
import { SaveLoginSheet } from './SaveLoginSheet.tsx';

/** The theme colour on <html data-color> and the browser's theme-color (spec section 1). */
function useThemeColor(): void {
  const color = useAppSettingStore((s) => s.themeColor);
  useEffect(() => {
    const root = document.documentElement;
    if (color === 'cyan') delete root.dataset.color;
    else root.dataset.color = color;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_HEX[color]);
  }, [color]);
}

/** The day/night flag, from the corrected clock, checked each minute. */
function useDayNight(): void {
  useEffect(() => {
    const update = () => {
      const now = correctedNow();
      const [rise, set] = defaultDayBounds(now);
      const day = isDayTime(now, rise, set);
      if (useAppSettingStore.getState().isDayTime !== day) useAppSettingStore.setState({ isDayTime: day });
      document.documentElement.dataset.daytime = day ? 'day' : 'night';
    };
    update();
    const timer = setInterval(update, 60_000);
    return () => clearInterval(timer);
  }, []);
}

/** Save where the user is, for the next start (spec section 2). */
function useNavigationRecorder(pathname: string, search: string): void {
  const isLoggedIn = useAuthStore((s) => s.isLoggedIn);
  useEffect(() => {
    if (isLoggedIn && isRestorable(pathname)) useNavigationStore.getState().save(`${pathname}${search}`);
  }, [isLoggedIn, pathname, search]);
}

/**
 * What every screen shares: theme, day/night, the saved navigation state, the hashed client id, and
 * the save-login sheet, offered on the dashboard right after a password login. Leaving for another
 * screen first drops the offer (the question waits for the next login).
 */
export function AccountShell() {
  const { pathname, search } = useLocation();
  const pending = useSaveLoginStore((s) => s.pending);
  const isLoggedIn = useAuthStore((s) => s.isLoggedIn);
  useThemeColor();
  useDayNight();
  useNavigationRecorder(pathname, search);
  useEffect(() => {
    ensureHashedClientId().catch((err: unknown) => console.warn('Could not hash the client id.', err));
  }, []);
  const onDashboard = pathname === paths.tab('dashboard');
  useEffect(() => {
    if (!pending) return;
    if (!isLoggedIn || (!onDashboard && !isAuthScreen(pathname))) useSaveLoginStore.getState().dismiss();
  }, [pending, isLoggedIn, onDashboard, pathname]);
  return pending && isLoggedIn && onDashboard ? <SaveLoginSheet login={pending} /> : null;
}
