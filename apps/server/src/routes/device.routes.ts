import { routes } from '@hestia/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../plugins/api.ts';
import type { AuthService } from '../services/auth.service.ts';
import type { DeviceService } from '../services/device.service.ts';

export function deviceRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; devices: DeviceService },
): void {
  const { auth, devices } = deps;
  route(app, auth, routes.listDevices, ({ principal, query }) => devices.list(principal.userId, query));
  route(app, auth, routes.getDevice, ({ principal, params }) => devices.get(principal.userId, params.id));
  route(app, auth, routes.twowayRpc, ({ principal, params, body }) =>
    devices.rpc(principal.userId, params.id, body, true),
  );
  route(app, auth, routes.onewayRpc, ({ principal, params, body }) =>
    devices.rpc(principal.userId, params.id, body, false),
  );
}
