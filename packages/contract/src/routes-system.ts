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

/** One record of the app's log (spec section 7): info or error, its message, where it happened. */
export const clientLogSchema = z
  .object({
    level: z.enum(['info', 'error']),
    message: z.string().trim().min(1).max(2000),
    screen: z.string().max(200).optional(),
    appVersion: z.string().max(40).optional(),
  })
  .strict();
export type ClientLog = z.infer<typeof clientLogSchema>;

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a colour is #rrggbb');

/**
 * `GET branding`: the company a white-label flavour names in its company header (COMPANY_HEADER),
 * or the default company without one or with one the server does not know.
 */
export const brandingSchema = z.object({
  /** The company's id, as the header names it. */
  company: z.string(),
  /** The app's name for this company. */
  name: z.string(),
  colours: z.object({
    /** Buttons, links, the selected tab. */
    accent: hexColour,
    /** Text in the accent's hue, readable on light surfaces. */
    accentText: hexColour,
    /** Text on an accent background. */
    onAccent: hexColour,
  }),
  support: z.object({
    email: z.string().email(),
    phone: z.string(),
    url: z.string().url().optional(),
  }),
});
export type Branding = z.infer<typeof brandingSchema>;

/** Issue 25: connectivity for the app and the operator, and the app's logs. */
export const systemRoutes = {
  alive: { method: 'GET', path: '/alive', anonymous: true, response: aliveSchema },
  /** Anonymous: the sign-in screen is branded too. */
  branding: { method: 'GET', path: '/branding', anonymous: true, response: brandingSchema },
  health: { method: 'GET', path: '/health', anonymous: true, response: healthSchema },
  /** Anonymous as to tokens: it takes the log service's basic authorization instead. */
  clientLog: {
    method: 'POST',
    path: '/logs',
    anonymous: true,
    body: clientLogSchema,
    response: z.object({ stored: z.literal(true) }),
  },
} as const satisfies Record<string, RouteDef>;
