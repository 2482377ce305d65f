import { deviceIdParamsSchema } from './device.ts';
import { firmwareStatusSchema } from './firmware.ts';
import type { RouteDef } from './routes.ts';

/** Issue 20: firmware over the air (ThingsBoard's OTA packages, shared attributes and chunks). */
export const firmwareRoutes = {
  updateFirmware: {
    method: 'POST',
    path: '/devices/:id/update-firmware',
    anonymous: false,
    params: deviceIdParamsSchema,
    response: firmwareStatusSchema,
  },
  firmwareStatus: {
    method: 'GET',
    path: '/devices/:id/firmware',
    anonymous: false,
    params: deviceIdParamsSchema,
    response: firmwareStatusSchema,
  },
} as const satisfies Record<string, RouteDef>;
