import type { RouteDoc } from './route-docs.ts';
import type { firmwareRoutes } from './routes-firmware.ts';

/** Firmware over the air (routes-firmware.ts). */
export const firmwareRouteDocs = {} as const satisfies Record<keyof typeof firmwareRoutes, RouteDoc>;
