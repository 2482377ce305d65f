import { z } from 'zod';
import type { RouteDef } from './routes.ts';

/** The state of one part the server cannot work without. */
export const partStateSchema = z.enum(['up', 'down']);

/**
 * `GET health` (issue 25): each part up or down, nothing else (no address, version or secret). The
 * wrapper's statusCode is 200 when all are up, 503 when one is down (the data is there either way).
 */
export const healthSchema = z.object({
  status: partStateSchema,
  database: partStateSchema,
  broker: partStateSchema,
  bus: partStateSchema,
});
export type Health = z.infer<typeof healthSchema>;

/** `GET alive`: the app's connectivity ping (spec section 7: 2 s timeout, status 200). */
export const aliveSchema = z.object({ alive: z.literal(true) });

/** How long the app waits for `alive` before it counts the server unreachable (spec section 7). */
export const ALIVE_TIMEOUT_MS = 2000;

/** Issue 25: connectivity for the app and the operator. */
export const systemRoutes = {
  alive: { method: 'GET', path: '/alive', anonymous: true, response: aliveSchema },
  health: { method: 'GET', path: '/health', anonymous: true, response: healthSchema },
} as const satisfies Record<string, RouteDef>;
