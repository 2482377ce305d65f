import type { FastifyInstance } from 'fastify';
import type { Infrastructure } from '../../core/infrastructure.ts';
import type { AuthService } from '../account/auth.service.ts';
import type { DeviceService } from '../device/device.service.ts';
import { RemoteRepository } from './remote.repository.ts';
import { remoteRoutes } from './remote.routes.ts';
import { RemoteService } from './remote.service.ts';

/**
 * IR remotes (issue 23, decision 043): the catalogue from packages/ir, the remotes on users' IR
 * blasters, and sending a button as timings through the device's `irSend` RPC.
 */
export function register(
  app: FastifyInstance,
  deps: Pick<Infrastructure, 'db'> & { auth: AuthService; devices: DeviceService },
): { remotes: RemoteService } {
  const remotes = new RemoteService({ repo: new RemoteRepository(deps.db), devices: deps.devices });
  remoteRoutes(app, { auth: deps.auth, remotes });
  return { remotes };
}
