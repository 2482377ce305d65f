import { routes, type TimeseriesQuery, valueText } from '@hestia/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { route } from '../plugins/api.ts';
import { readSeries } from '../repositories/telemetry.repository.ts';
import type { AuthService } from '../services/auth.service.ts';
import type { DeviceService } from '../services/device.service.ts';
import type { TelemetryService } from '../services/telemetry.service.ts';

/** ThingsBoard's telemetry REST calls, access-checked like everything else. */
export function telemetryRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; devices: DeviceService; telemetry: TelemetryService; db: Db },
): void {
  const { auth, devices, telemetry, db } = deps;
  const series = async (userId: string, deviceId: string, q: TimeseriesQuery) => {
    await devices.access(userId, deviceId);
    // What is still waiting in the write batch belongs in the answer too.
    await telemetry.flush();
    return readSeries(db, { deviceId, ...q });
  };
  route(app, auth, routes.timeseries, ({ principal, params, query }) =>
    series(principal.userId, params.entityId, query),
  );
  route(app, auth, routes.timeSeries, ({ principal, params, query }) =>
    series(principal.userId, params.entityId, query),
  );
  route(app, auth, routes.latestTimeseries, async ({ principal, params, query }) => {
    await devices.access(principal.userId, params.entityId);
    const latest = (await telemetry.latestFor([params.entityId])).get(params.entityId) ?? new Map();
    const out: Record<string, Array<{ ts: number; value: string }>> = {};
    for (const [key, [ts, value]] of latest) {
      if (!query.keys || query.keys.includes(key)) out[key] = [{ ts, value: valueText(value) }];
    }
    return out;
  });
}
