import {
  API_PREFIX,
  brandingFor,
  CLIENT_ID_HEADER,
  COMPANY_HEADER,
  errorCatalog,
  fail,
  NO_BODY_LIMIT,
  ok,
  routes,
} from '@hestia/contract';
import type { FastifyInstance } from 'fastify';
import type { Infrastructure } from '../../core/infrastructure.ts';
import { route } from '../../plugins/api.ts';
import type { AuthService } from '../account/auth.service.ts';
import { ClientLogService } from './client-logs.ts';
import { brokerUp, databaseUp, stateOf } from './health.ts';

/**
 * The server's own state (issue 25): `alive`, the app's connectivity ping, and `health`, each part
 * the server needs up or down for operators; and `logs`, where the app sends its info and error logs.
 */
export function register(
  app: FastifyInstance,
  deps: Pick<Infrastructure, 'db' | 'bus' | 'clock' | 'config'> & { auth: AuthService; mqttUrl: string },
): void {
  const { db, bus, auth, mqttUrl, clock, config } = deps;
  const logs = new ClientLogService({ db, clock, credentials: config.LOG_CREDENTIALS });
  route(app, auth, routes.clientLog, ({ req, body }) => {
    const clientId = req.headers[CLIENT_ID_HEADER];
    return logs.take(
      {
        authorization: req.headers.authorization,
        clientId: typeof clientId === 'string' ? clientId : undefined,
        ip: req.ip,
      },
      body,
    );
  });
  route(app, auth, routes.alive, async () => ({ alive: true as const }));
  route(app, auth, routes.branding, async ({ req }) => brandingFor(req.headers[COMPANY_HEADER]));

  // Registered by hand, not with `route`: a part down answers 503 with the parts' states as data,
  // which `route` (200 with data, or an error without) has no way to say. It takes no input and no
  // token, so there is nothing else `route` would do for it.
  app.route({
    method: routes.health.method,
    url: API_PREFIX + routes.health.path,
    bodyLimit: NO_BODY_LIMIT,
    config: { thingsboard: false },
    handler: async (_req, reply) => {
      const [database, broker, busState] = await Promise.all([
        stateOf(databaseUp(db)),
        stateOf(brokerUp(mqttUrl)),
        stateOf(() => bus.isUp()),
      ]);
      const allUp = database === 'up' && broker === 'up' && busState === 'up';
      const data = { status: allUp ? 'up' : 'down', database, broker, bus: busState } as const;
      reply.header('cache-control', 'no-store');
      if (allUp) return reply.status(200).send(ok(data));
      const { status, message } = errorCatalog.SERVICE_DOWN;
      return reply.status(status).send(fail(message, status, data));
    },
  });
}
