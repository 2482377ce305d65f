import { lazy } from 'react';
import { stackedRoutes } from './stacked.tsx';

const DeviceReportsScreen = lazy(() =>
  import('../screens/reports/DeviceReportsScreen.tsx').then((m) => ({ default: m.DeviceReportsScreen })),
);
const ReportPrintScreen = lazy(() =>
  import('../screens/reports/ReportPrintScreen.tsx').then((m) => ({ default: m.ReportPrintScreen })),
);

/** Issue 6's screens, stacked on the tab navigator: device-reports [id] and a report's printable page. */
export function reportRoutes() {
  return stackedRoutes([
    ['device-reports/:id', <DeviceReportsScreen key="s" />],
    ['device-reports/:id/:reportId', <ReportPrintScreen key="s" />],
  ]);
}
