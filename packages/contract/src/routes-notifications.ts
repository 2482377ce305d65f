import type { RouteDef } from './routes.ts';

/** Issue 20: the notification inbox beyond the account's list, personalisation and Web Push. */
export const notificationRoutes = {} as const satisfies Record<string, RouteDef>;
