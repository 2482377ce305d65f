import type { FastifyInstance } from 'fastify';
import type { Infrastructure } from '../../core/infrastructure.ts';
import { AttemptLimiter, type AttemptStore } from '../../core/rate-limiter.ts';
import type { Gateway } from '../../gateway/gateway.ts';
import type { AuthService } from '../account/auth.service.ts';
import { DeviceRepository } from '../device/device.repository.ts';
import type { DeviceService } from '../device/device.service.ts';
import { operatorKey } from '../provisioning/operator.service.ts';
import { OPERATOR_GUESSES, operatorGuard } from '../provisioning/operator-guard.ts';
import type { AttributeService } from '../telemetry/attribute.service.ts';
import type { TelemetryService } from '../telemetry/telemetry.service.ts';
import { FirmwareRepository } from './firmware.repository.ts';
import { firmwareRoutes } from './firmware.routes.ts';
import { FirmwareService } from './firmware.service.ts';

/**
 * Firmware over the air (issue 20): the routes, and the gateway's answers to devices' chunk
 * requests. Returns the service, whose `onResult` tells of each update's end (notifications).
 */
export async function register(
  app: FastifyInstance,
  deps: Pick<Infrastructure, 'config' | 'db' | 'log'> & {
    auth: AuthService;
    devices: DeviceService;
    attributes: AttributeService;
    telemetry: TelemetryService;
    gateway: Gateway;
    attempts: AttemptStore;
  },
): Promise<{ firmware: FirmwareService }> {
  const { config, db, log, auth, devices, attributes, telemetry, gateway } = deps;
  const firmware = new FirmwareService({
    repo: new FirmwareRepository(db),
    devices,
    deviceRows: new DeviceRepository(db),
    attributes,
    telemetry,
    log,
  });
  gateway.onFirmwareChunk(firmware.chunk);
  firmwareRoutes(app, {
    auth,
    firmware,
    operatorOnly: operatorGuard(
      await operatorKey(config, db, log),
      new AttemptLimiter(deps.attempts, OPERATOR_GUESSES),
    ),
  });
  return { firmware };
}
