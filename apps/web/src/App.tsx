import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BrowserRouter,
  createRoutesFromElements,
  Navigate,
  Route,
  useLocation,
  useRoutes,
} from 'react-router';
import { AccountShell } from './components/account/AccountShell.tsx';
import { NoInternetModal } from './components/NoInternetModal.tsx';
import { PwaUpdatePrompt } from './components/PwaUpdatePrompt.tsx';
import { ScreenScroll } from './components/shell/ScreenScroll.tsx';
import { ShellLayer } from './components/shell/ShellLayer.tsx';
import { BrandingEffect } from './data/branding.ts';
import { LocationReporter } from './data/location.ts';
import { queryClient } from './data/session.ts';
import { firstScreenCommitted } from './first-load/after-paint.ts';
import type { FirstLoadScreen } from './first-load/pick.ts';
import { useResolvedTheme } from './hooks/useTheme.ts';
import { directionOf } from './i18n/index.ts';
import { registerRoutes } from './router/known-paths.ts';
import { type LazyScreen, lazyScreen } from './router/lazy-screen.ts';
import { accountRoutes } from './routes/account-routes.tsx';
import { AutomationTabScreen, automationRoutes } from './routes/automation-routes.tsx';
import { configChooseRoutes } from './routes/config-choose-routes.tsx';
import { configRoutes } from './routes/config-routes.tsx';
import { controlRoutes } from './routes/control-routes.tsx';
import { homeRoutes, homeTabRoutes } from './routes/home-routes.tsx';
import { linkRoutes } from './routes/link-routes.tsx';
import { reportRoutes } from './routes/report-routes.tsx';
import { settingsRoutes } from './routes/settings-routes.tsx';
import { shellRoutes } from './routes/shell-routes.tsx';
import { timerRoutes } from './routes/timer-routes.tsx';
import { paths } from './routes.ts';
import { remoteRoutes } from './screens/remote/remote-routes.tsx';
import { voiceRoutes } from './screens/voice/voice-routes.tsx';
import { isLanguage } from './state/app-setting-store.ts';
import { useAuthStore } from './state/auth-store.ts';
import { Toaster } from './ui/Toast.tsx';

// Screens load lazily behind an empty fallback (spec section 2). Those a first load can open are loaded
// ahead by main.tsx, so the first screen renders without suspending.
const AuthenticateScreen = lazyScreen(() => import('./screens/AuthenticateScreen.tsx'));
const SplashScreen = lazyScreen(() => import('./screens/account/SplashScreen.tsx'));
const TabLayout = lazyScreen(() => import('./screens/TabLayout.tsx'));
const DashboardScreen = lazyScreen(() => import('./screens/DashboardScreen.tsx'));
const SettingScreen = lazyScreen(() => import('./screens/SettingScreen.tsx'));
const NotFoundScreen = lazy(() => import('./screens/NotFoundScreen.tsx'));

const FIRST_SCREENS: Record<FirstLoadScreen, LazyScreen<ComponentType>> = {
  splash: SplashScreen,
  authenticate: AuthenticateScreen,
  tabs: TabLayout,
  dashboard: DashboardScreen,
  setting: SettingScreen,
};

/** Load the code of the screens a first load shows (first-load/pick.ts); settles even if one fails. */
export function preloadScreens(screens: readonly FirstLoadScreen[]): Promise<unknown> {
  return Promise.all(screens.map((screen) => FIRST_SCREENS[screen].preload().catch(() => undefined)));
}

/** Logged-out users only reach auth screens; everything else leads to authenticate. */
function RequireAuth({ children }: { children: ReactNode }) {
  const isLoggedIn = useAuthStore((s) => s.isLoggedIn);
  const location = useLocation();
  if (!isLoggedIn) return <Navigate to={paths.authenticate} replace state={{ from: location.pathname }} />;
  return children;
}

/** A logged-in user opening an auth screen goes on to the tab navigator (or where they were headed). */
function GuestOnly({ children }: { children: ReactNode }) {
  const isLoggedIn = useAuthStore((s) => s.isLoggedIn);
  const location = useLocation();
  if (!isLoggedIn) return children;
  const from = (location.state as { from?: unknown } | null)?.from;
  const target =
    typeof from === 'string' && from.startsWith(paths.tabNavigator) ? from : paths.tab('dashboard');
  return <Navigate to={target} replace />;
}

/** Every route of the app; the last one answers an address none of the others does. */
const routeTree = (
  <>
    <Route path={paths.splash} element={<SplashScreen />} />
    <Route
      path={paths.authenticate}
      element={
        <GuestOnly>
          <AuthenticateScreen />
        </GuestOnly>
      }
    />
    <Route
      path={paths.tabNavigator}
      element={
        <RequireAuth>
          <TabLayout />
        </RequireAuth>
      }
    >
      <Route index element={<Navigate to="dashboard" replace />} />
      <Route path="dashboard" element={<DashboardScreen />} />
      <Route path="setting" element={<SettingScreen />} />
      <Route path="automation" element={<AutomationTabScreen />} />
      {homeTabRoutes()}
    </Route>
    {homeRoutes()}
    {accountRoutes()}
    {reportRoutes()}
    {controlRoutes()}
    {settingsRoutes()}
    {shellRoutes()}
    {automationRoutes()}
    {timerRoutes()}
    {remoteRoutes()}
    {configChooseRoutes()}
    {configRoutes()}
    {linkRoutes()}
    {voiceRoutes()}
    <Route path="*" element={<NotFoundScreen />} />
  </>
);
// The route objects are made once (as <Routes> would make them again at every render).
const routes = createRoutesFromElements(routeTree);
registerRoutes(routes);

function AppRoutes() {
  return <Suspense fallback={null}>{useRoutes(routes)}</Suspense>;
}

export function App() {
  useEffect(firstScreenCommitted, []);
  const theme = useResolvedTheme();
  const { i18n } = useTranslation();
  const dir = isLanguage(i18n.language) ? directionOf(i18n.language) : 'ltr';
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <ScreenScroll />
        <AppRoutes />
        <AccountShell />
        <LocationReporter />
        <BrandingEffect />
        <NoInternetModal />
        <ShellLayer />
      </BrowserRouter>
      <Toaster theme={theme} dir={dir} />
      <PwaUpdatePrompt />
    </QueryClientProvider>
  );
}
