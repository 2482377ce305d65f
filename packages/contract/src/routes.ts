import type { z } from 'zod';
import { loginBodySchema, loginResultSchema, timeResultSchema } from './auth.ts';
import {
  deviceIdParamsSchema,
  deviceListQuerySchema,
  deviceSchema,
  rpcBodySchema,
  rpcResultSchema,
} from './device.ts';

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
  login: {
    method: 'POST',
    path: '/users/login',
    anonymous: true,
    body: loginBodySchema,
    response: loginResultSchema,
  },
  time: { method: 'GET', path: '/time', anonymous: true, response: timeResultSchema },
  listDevices: {
    method: 'GET',
    path: '/customer/devices',
    anonymous: false,
    query: deviceListQuerySchema,
    response: deviceSchema.array(),
  },
  getDevice: {
    method: 'GET',
    path: '/devices/:id',
    anonymous: false,
    params: deviceIdParamsSchema,
    response: deviceSchema,
  },
  twowayRpc: {
    method: 'POST',
    path: '/devices/:id/twoway-rpc',
    anonymous: false,
    params: deviceIdParamsSchema,
    body: rpcBodySchema,
    response: rpcResultSchema,
  },
  onewayRpc: {
    method: 'POST',
    path: '/devices/:id/oneway-rpc',
    anonymous: false,
    params: deviceIdParamsSchema,
    body: rpcBodySchema,
    response: rpcResultSchema,
  },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;
export type RouteResponse<N extends RouteName> = z.infer<(typeof routes)[N]['response']>;
