import type { RouteDoc } from './route-docs.ts';
import type { systemRoutes } from './routes-system.ts';

/** Connectivity (routes-system.ts). */
export const systemRouteDocs = {
  alive: {
    tag: 'System',
    summary: 'Answer 200 when the server can be reached (the app’s connectivity ping)',
    description:
      'Anonymous and cheap: touches neither the database nor the broker. The app waits 2 s for it; no answer in time counts as no internet.',
  },
  branding: {
    tag: 'System',
    summary: "The company's name, colours and support contact for the app's flavour",
    description:
      'Anonymous. A white-label flavour of the app sends its company id in the `x-company` header on every call; this answers that company (the app shows its name, accent colours and support contact), or the default company when the header is absent or names no company the server knows.',
  },
  health: {
    tag: 'System',
    summary: 'Whether the database, the MQTT broker and the live bus are up',
    description:
      'Anonymous, for operators and load balancers. Each part is `up` or `down` (each check waits at most 1 s); nothing else is told (no address, version or secret). Status 200 when all are up; 503 in the wrapper, with the same data, when one is down.',
    errors: ['SERVICE_DOWN'],
  },
  clientLog: {
    tag: 'System',
    summary: "Store one of the app's info or error logs",
    description:
      "Takes the log service's basic authorization (`Authorization: Basic`, the server's LOG_CREDENTIALS), no token. The same level and message from the same client (its `x-client-id`, else its address) is taken once in 2 s. E-mail addresses, phone numbers, tokens and passwords are replaced by `{email}`, `{phone}`, `{token}` and `{secret}` before the log is stored; device and user ids stay. Only the newest 5000 logs are kept.",
    errors: ['LOG_UNAUTHORIZED', 'LOG_THROTTLED'],
    clientId: true,
  },
} as const satisfies Record<keyof typeof systemRoutes, RouteDoc>;
