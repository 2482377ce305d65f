import type { RouteDef } from './routes.ts';

/** Issue 20: firmware over the air (ThingsBoard's OTA packages, shared attributes and chunks). */
export const firmwareRoutes = {} as const satisfies Record<string, RouteDef>;
