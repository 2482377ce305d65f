import type { RouteDoc } from './route-docs.ts';
import type { notificationRoutes } from './routes-notifications.ts';

/** The notification inbox, personalisation and Web Push (routes-notifications.ts). */
export const notificationRouteDocs = {} as const satisfies Record<keyof typeof notificationRoutes, RouteDoc>;
