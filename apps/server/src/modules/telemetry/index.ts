import type { FastifyInstance } from 'fastify';
import type { Infrastructure } from '../../core/infrastructure.ts';
import type { AuthService } from '../account/auth.service.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { AttributeService } from './attribute.service.ts';
import type { Hub } from './hub.ts';
import type { TelemetryPipeline } from './pipeline.ts';
import { telemetrySocket } from './socket-endpoints.ts';
import { TelemetryHistory } from './telemetry.repository.ts';
import { telemetryRoutes } from './telemetry.routes.ts';
import type { TelemetryService } from './telemetry.service.ts';

/**
 * Telemetry and attributes over REST and ThingsBoard's socket. The service and the pipeline are
 * built with the gateway (device-edge.ts), which feeds them.
 */
export function register(
  app: FastifyInstance,
  deps: Pick<Infrastructure, 'db' | 'bus' | 'clock'> & {
    auth: AuthService;
    devices: DeviceService;
    telemetry: TelemetryService;
    attributes: AttributeService;
    pipeline: TelemetryPipeline;
    hub: Hub;
  },
): void {
  const { db, bus, clock, auth, devices, telemetry, attributes, pipeline, hub } = deps;
  const history = new TelemetryHistory(db);
  telemetryRoutes(app, { auth, devices, telemetry, attributes, pipeline, clock, history });
  app.register(async (scope) =>
    telemetrySocket(scope, { attributes, auth, devices, telemetry, hub, bus, history }),
  );
}
