import { routes } from '@hestia/contract';
import type { FastifyInstance } from 'fastify';
import { requesterOf } from '../../core/rate-limiter.ts';
import { route } from '../../plugins/api.ts';
import type { AuthService } from '../account/auth.service.ts';
import type { DeviceService } from './device.service.ts';

/** Devices: list, read, rename, delete, favourites, and commands (RPC). */
export function deviceRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; devices: DeviceService },
): void {
  const { auth, devices } = deps;
  const done = {};
  route(app, auth, routes.listDevices, ({ principal, query, req }) =>
    principal ? devices.list(principal.userId, query) : devices.listTransferred(query, requesterOf(req.ip)),
  );
  route(app, auth, routes.getDevice, ({ principal, params }) => devices.get(principal.userId, params.id));
  route(app, auth, routes.renameDevice, ({ principal, params, body }) =>
    devices.rename(principal.userId, params.id, body.label),
  );
  route(app, auth, routes.deleteDevice, async ({ principal, params }) => {
    await devices.remove(principal.userId, params.id);
    return done;
  });
  route(app, auth, routes.favourites, ({ principal }) => devices.favourites(principal.userId));
  route(app, auth, routes.addFavourite, async ({ principal, body }) => {
    await devices.setFavourite(principal.userId, body.deviceId, true);
    return done;
  });
  route(app, auth, routes.deleteFavourite, async ({ principal, body }) => {
    await devices.setFavourite(principal.userId, body.deviceId, false);
    return done;
  });
  route(app, auth, routes.twowayRpc, ({ principal, params, body }) =>
    devices.rpc(principal.userId, params.id, body, true),
  );
  route(app, auth, routes.onewayRpc, ({ principal, params, body }) =>
    devices.rpc(principal.userId, params.id, body, false),
  );
}
