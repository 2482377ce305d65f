import type { FastifyInstance } from 'fastify';
import type { Infrastructure } from '../../core/infrastructure.ts';
import type { AuthService } from '../account/auth.service.ts';
import { DeviceRepository } from './device.repository.ts';
import { deviceRoutes } from './device.routes.ts';
import { type DeviceNeighbours, DeviceService } from './device.service.ts';

/** Devices: who sees which, their records, favourites, and commands through the gateway. */
export function register(
  app: FastifyInstance,
  deps: Pick<Infrastructure, 'db' | 'bus' | 'clock'> &
    DeviceNeighbours & {
      auth: AuthService;
    },
) {
  const { db, bus, clock, auth, telemetry, gateway, assets, shares } = deps;
  const devices = new DeviceService({
    devices: new DeviceRepository(db),
    assets,
    shares,
    telemetry,
    gateway,
    bus,
    clock,
  });
  deviceRoutes(app, { auth, devices });
  return { devices };
}
