import type { z } from 'zod';
import type { RouteMeta } from './http.ts';
import { accountRoutes } from './routes-account.ts';
import { automationRoutes } from './routes-automation.ts';
import { dataRoutes } from './routes-data.ts';
import { deviceRoutes } from './routes-device.ts';
import { fileRoutes } from './routes-files.ts';
import { firmwareRoutes } from './routes-firmware.ts';
import { homeRoutes } from './routes-home.ts';
import { notificationRoutes } from './routes-notifications.ts';
import { onboardingRoutes } from './routes-onboarding.ts';
import { provisioningRoutes } from './routes-provisioning.ts';
import { remoteRoutes } from './routes-remote.ts';
import { systemRoutes } from './routes-system.ts';
import { voiceFileRoutes } from './voice.ts';

/** A route of /api/v1: how to reach it (http.ts) and the schemas of its parts. */
export interface RouteDef extends RouteMeta {
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
  ...onboardingRoutes,
  ...firmwareRoutes,
  ...notificationRoutes,
  ...systemRoutes,
  ...fileRoutes,
  ...remoteRoutes,
  ...voiceFileRoutes,
  // ThingsBoard's paths of calls declared with the account and device routes (docs/decisions/021).
  login: { ...accountRoutes.login, thingsboard: '/api/auth/login' },
  refreshToken: { ...accountRoutes.refreshToken, thingsboard: '/api/auth/token' },
  twowayRpc: { ...homeRoutes.twowayRpc, thingsboard: '/api/plugins/rpc/twoway/:id' },
  onewayRpc: { ...homeRoutes.onewayRpc, thingsboard: '/api/plugins/rpc/oneway/:id' },
} as const satisfies Record<string, RouteDef>;

export type RouteName = keyof typeof routes;
export type RouteResponse<N extends RouteName> = z.infer<(typeof routes)[N]['response']>;
