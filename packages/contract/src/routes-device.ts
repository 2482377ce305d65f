import type { RouteDef } from './routes.ts';

/**
 * Issue 7: a device's settings, key actions and labels, valid actions and device profiles
 * (spec section 6, Devices and Profiles).
 */
export const deviceRoutes = {} as const satisfies Record<string, RouteDef>;
