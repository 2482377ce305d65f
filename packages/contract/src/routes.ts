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
  /**
   * ThingsBoard's own full path of the same call (e.g. `/api/plugins/telemetry/...`), answered by
   * the same handler with the same authentication and parsing, but with the data unwrapped and
   * errors in ThingsBoard's shape (docs/decisions/021). Its parameter names are the contract's.
   */
  thingsboard?: string;
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
  // ThingsBoard's paths of calls declared with the account and device routes (docs/decisions/021).
  login: { ...accountRoutes.login, thingsboard: '/api/auth/login' },
  refreshToken: { ...accountRoutes.refreshToken, thingsboard: '/api/auth/token' },
  twowayRpc: { ...homeRoutes.twowayRpc, thingsboard: '/api/plugins/rpc/twoway/:id' },
  onewayRpc: { ...homeRoutes.onewayRpc, thingsboard: '/api/plugins/rpc/oneway/:id' },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;
export type RouteResponse<N extends RouteName> = z.infer<(typeof routes)[N]['response']>;
