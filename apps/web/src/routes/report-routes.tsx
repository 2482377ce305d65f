import { lazy, type ReactNode } from 'react';
import { Navigate, Route, useLocation } from 'react-router';
import { paths, TAB_NAVIGATOR } from '../routes.ts';
import { useAuthStore } from '../state/auth-store.ts';

const DeviceReportsScreen = lazy(() =>
  import('../screens/reports/DeviceReportsScreen.tsx').then((m) => ({ default: m.DeviceReportsScreen })),
);
const ReportPrintScreen = lazy(() =>
  import('../screens/reports/ReportPrintScreen.tsx').then((m) => ({ default: m.ReportPrintScreen })),
);

/** Logged out, the screen leads to authenticate and is resumed after login (spec section 2). */
function LoggedIn({ children }: { children: ReactNode }) {
  const isLoggedIn = useAuthStore((s) => s.isLoggedIn);
  const location = useLocation();
  if (!isLoggedIn) return <Navigate to={paths.authenticate} replace state={{ from: location.pathname }} />;
  return children;
}

/** Issue 6's screens, stacked on the tab navigator: device-reports [id] and a report's printable page. */
export function reportRoutes() {
  return [
    <Route
      key="device-reports"
      path={`${TAB_NAVIGATOR}/device-reports/:id`}
      element={
        <LoggedIn>
          <DeviceReportsScreen />
        </LoggedIn>
      }
    />,
    <Route
      key="device-report-print"
      path={`${TAB_NAVIGATOR}/device-reports/:id/:reportId`}
      element={
        <LoggedIn>
          <ReportPrintScreen />
        </LoggedIn>
      }
    />,
  ];
}
