import { deviceIdParamsSchema, deviceSchema } from './device.ts';
import { deviceProfileSummarySchema } from './device-settings.ts';
import {
  brandIdParamsSchema,
  changeOwnerBodySchema,
  changeOwnerSchema,
  deviceBrandSchema,
  macParamsSchema,
  pairKeyQuerySchema,
  pairKeySchema,
  postConfigBodySchema,
  reconfigurationBodySchema,
} from './onboarding.ts';
import type { RouteDef } from './routes.ts';

/** Issue 18: adding a device (pair key, change of owner, first set-up) and the catalogue's brands. */
export const onboardingRoutes = {
  getPairKey: {
    method: 'GET',
    path: '/devices/:mac/pairkey',
    anonymous: false,
    params: macParamsSchema,
    query: pairKeyQuerySchema,
    response: pairKeySchema,
  },
  changeOwner: {
    method: 'POST',
    path: '/devices/:mac/change-owner',
    anonymous: false,
    params: macParamsSchema,
    body: changeOwnerBodySchema,
    response: changeOwnerSchema,
  },
  postConfig: {
    method: 'POST',
    path: '/devices/:id/post-config',
    anonymous: false,
    params: deviceIdParamsSchema,
    body: postConfigBodySchema,
    response: deviceSchema,
  },
  setReconfiguration: {
    method: 'PUT',
    path: '/devices/:id/reconfiguration',
    anonymous: false,
    params: deviceIdParamsSchema,
    body: reconfigurationBodySchema,
    response: deviceSchema,
  },
  deviceBrands: {
    method: 'GET',
    path: '/device-brands',
    anonymous: false,
    response: deviceBrandSchema.array(),
  },
  deviceBrandModels: {
    method: 'GET',
    path: '/device-brands/:brandId/models',
    anonymous: false,
    params: brandIdParamsSchema,
    response: deviceProfileSummarySchema.array(),
  },
} as const satisfies Record<string, RouteDef>;
