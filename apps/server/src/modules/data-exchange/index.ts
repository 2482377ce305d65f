import type { FastifyInstance } from 'fastify';
import type { Infrastructure } from '../../core/infrastructure.ts';
import type { AuthService } from '../account/auth.service.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';
import { DataExchangeRepository } from './data-exchange.repository.ts';
import { dataExchangeRoutes } from './data-exchange.routes.ts';
import { DataExchangeService } from './data-exchange.service.ts';

/** Data exchange: a source parameter's new value is written to a target device's parameter. */
export function register(
  app: FastifyInstance,
  deps: Pick<Infrastructure, 'db' | 'bus' | 'clock' | 'log' | 'onClose'> & {
    auth: AuthService;
    devices: DeviceService;
    telemetry: TelemetryService;
  },
): void {
  const { db, bus, clock, log, auth, devices, telemetry } = deps;
  const exchanges = new DataExchangeService({
    repo: new DataExchangeRepository(db),
    devices,
    telemetry,
    clock,
    log,
    bus,
  });
  deps.onClose(() => exchanges.close());
  dataExchangeRoutes(app, { auth, exchanges });
}
