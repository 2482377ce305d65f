import type { FastifyInstance } from 'fastify';
import type { Infrastructure } from '../../core/infrastructure.ts';
import type { AuthService } from '../account/auth.service.ts';
import type { DeviceService } from '../device/device.service.ts';
import { RemoteRepository } from './remote.repository.ts';
import { remoteRoutes } from './remote.routes.ts';
import { RemoteService } from './remote.service.ts';

export { RemoteService } from './remote.service.ts';

/** One RemoteService per device service, i.e. per server instance (see `remoteService`). */
const services = new WeakMap<DeviceService, RemoteService>();

/**
 * The server instance's RemoteService: the remote routes and the automation runner (a remote press
 * as an action, docs/decisions/049) share it, so they share its RC5/RC6 toggle bits, which belong
 * to what the appliance heard last from the blaster, whoever pressed.
 */
export function remoteService(deps: Pick<Infrastructure, 'db'> & { devices: DeviceService }): RemoteService {
  let service = services.get(deps.devices);
  if (!service) {
    service = new RemoteService({ repo: new RemoteRepository(deps.db), devices: deps.devices });
    services.set(deps.devices, service);
  }
  return service;
}

/**
 * IR remotes (issue 23, decision 043): the catalogue from packages/ir, the remotes on users' IR
 * blasters, and sending a button as timings through the device's `irSend` RPC.
 */
export function register(
  app: FastifyInstance,
  deps: Pick<Infrastructure, 'db'> & { auth: AuthService; devices: DeviceService },
): { remotes: RemoteService } {
  const remotes = remoteService(deps);
  remoteRoutes(app, { auth: deps.auth, remotes });
  return { remotes };
}
