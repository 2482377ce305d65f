import type { z } from 'zod';
import { accountRoutes } from './routes-account.ts';
import { automationRoutes } from './routes-automation.ts';
import { dataRoutes } from './routes-data.ts';
import { deviceRoutes } from './routes-device.ts';
import { homeRoutes } from './routes-home.ts';
import { provisioningRoutes } from './routes-provisioning.ts';

export const API_PREFIX = '/api/v1';

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under /api/v1, Fastify style (`:id`). */
  path: string;
  /** Callable without a token (spec section 6). */
  anonymous: boolean;
  params?: z.ZodTypeAny;
  query?: z.ZodTypeAny;
  body?: z.ZodTypeAny;
  response: z.ZodTypeAny;
}

/** The one list of /api/v1 routes: server registration, client calls and access tests derive from it. */
export const routes = {
  ...accountRoutes,
  ...homeRoutes,
  ...deviceRoutes,
  ...dataRoutes,
  ...automationRoutes,
  ...provisioningRoutes,
} as const;

export type RouteName = keyof typeof routes;
export type RouteResponse<N extends RouteName> = z.infer<(typeof routes)[N]['response']>;
