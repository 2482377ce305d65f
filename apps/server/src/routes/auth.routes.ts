import { routes } from '@hestia/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/api.ts';
import type { AuthService } from '../services/auth.service.ts';
import type { Clock } from '../services/clock.ts';

export function authRoutes(app: FastifyInstance, deps: { auth: AuthService; clock: Clock }): void {
  const { auth, clock } = deps;
  route(app, auth, routes.login, ({ body, req }) =>
    auth.login(body, { userAgent: String(req.headers['user-agent'] ?? '').slice(0, 256), ip: req.ip }),
  );
  route(app, auth, routes.time, async () => ({ time: clock.now() }));
}
