import type { FastifyInstance } from 'fastify';
import type { Infrastructure } from '../../core/infrastructure.ts';
import type { Gateway } from '../../gateway/gateway.ts';
import type { AuthService } from '../account/auth.service.ts';
import { assetRepository } from '../asset/asset.repository.ts';
import { shareRepository } from '../share/share.repository.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';
import { deviceRepository } from './device.repository.ts';
import { deviceRoutes } from './device.routes.ts';
import { deviceService } from './device.service.ts';

/** Devices: who sees which, their records, favourites, and commands through the gateway. */
export function register(
  app: FastifyInstance,
  deps: Pick<Infrastructure, 'db' | 'bus' | 'clock'> & {
    auth: AuthService;
    telemetry: TelemetryService;
    gateway: Gateway;
  },
) {
  const { db, bus, clock, auth, telemetry, gateway } = deps;
  const devices = deviceService({
    devices: deviceRepository(db),
    assets: assetRepository(db),
    shares: shareRepository(db),
    telemetry,
    gateway,
    bus,
    clock,
  });
  deviceRoutes(app, { auth, devices });
  return { devices };
}
