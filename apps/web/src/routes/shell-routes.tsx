import { lazy } from 'react';
import type { Stacked } from './stacked.tsx';
import { stackedRoutes } from './stacked.tsx';

const NotificationsScreen = lazy(() => import('../screens/notifications/NotificationsScreen.tsx'));
const NotificationDetailsScreen = lazy(
  () => import('../screens/notifications/NotificationDetailsScreen.tsx'),
);
const NotificationPersonalizationScreen = lazy(
  () => import('../screens/notifications/NotificationPersonalizationScreen.tsx'),
);
const AboutScreen = lazy(() => import('../screens/shell/AboutScreen.tsx'));
const AccessManagementScreen = lazy(() => import('../screens/shell/AccessManagementScreen.tsx'));

/**
 * Issue 20: the notification inbox, one notification, a device's notification settings, about and
 * access management (spec section 2). Paths in routes.ts (shellPaths).
 */
const STACKED: readonly Stacked[] = [
  ['notifications-screen', <NotificationsScreen key="s" />],
  ['notification-details-screen/:id', <NotificationDetailsScreen key="s" />],
  ['notification-personalization/:id', <NotificationPersonalizationScreen key="s" />],
  ['about', <AboutScreen key="s" />],
  ['access-management', <AccessManagementScreen key="s" />],
];

export function shellRoutes() {
  return stackedRoutes(STACKED);
}
