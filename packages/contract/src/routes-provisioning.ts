import { claimBodySchema, claimResultSchema } from './provisioning.ts';
import type { RouteDef } from './routes.ts';

/** Issue 14: a user claims a device that published a claim message (ThingsBoard's claiming). */
export const provisioningRoutes = {
  claimDevice: {
    method: 'POST',
    path: '/devices/claim',
    anonymous: false,
    body: claimBodySchema,
    response: claimResultSchema,
  },
} as const satisfies Record<string, RouteDef>;
