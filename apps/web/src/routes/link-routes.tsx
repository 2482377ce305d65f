import { lazy } from 'react';
import { Route } from 'react-router';

const OpenLinkScreen = lazy(() => import('../screens/shell/OpenLinkScreen.tsx'));

/** The route links of the app's scheme arrive at (docs/decisions/042). */
export function linkRoutes() {
  return [<Route key="open" path="/open" element={<OpenLinkScreen />} />];
}
