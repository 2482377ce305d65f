import {
  ATTRIBUTE_SCOPES,
  type AttributeList,
  type AttributeScopeName,
  routes,
  type TimeseriesValuesQuery,
  valueText,
} from '@hestia/contract';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../core/clock.ts';
import { AppError } from '../../core/errors.ts';
import { route } from '../../plugins/api.ts';
import type { AuthService } from '../account/auth.service.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { AttributeService } from './attribute.service.ts';
import { CONNECTION_KEYS } from './connection-keys.ts';
import { decodeMessage } from './decode.ts';
import type { TelemetryPipeline } from './pipeline.ts';
import type { TelemetryHistory } from './telemetry.repository.ts';
import type { TelemetryService } from './telemetry.service.ts';

type Series = Record<string, Array<{ ts: number; value: string }>>;

/** The keys a telemetry body names, in ThingsBoard's shapes (`{k: v}`, `{ts, values}`, arrays). */
function namedKeys(body: unknown): string[] {
  const out: string[] = [];
  for (const item of Array.isArray(body) ? body : [body]) {
    if (!item || typeof item !== 'object') continue;
    const values = 'ts' in item && 'values' in item ? (item as { values: unknown }).values : item;
    if (values && typeof values === 'object') out.push(...Object.keys(values));
  }
  return out;
}

/** ThingsBoard's telemetry REST calls, access-checked like everything else (docs/decisions/021). */
export function telemetryRoutes(
  app: FastifyInstance,
  deps: {
    auth: AuthService;
    devices: DeviceService;
    telemetry: TelemetryService;
    attributes: AttributeService;
    pipeline: TelemetryPipeline;
    clock: Clock;
    history: Pick<TelemetryHistory, 'series'>;
  },
): void {
  const { auth, devices, telemetry, attributes, pipeline, clock, history } = deps;
  const done = {};

  /** Writes and deletes: the owner or a share with control; view-only is refused. */
  const writable = async (userId: string, deviceId: string) => {
    const a = await devices.access(userId, deviceId);
    if (a.access === 'view') throw new AppError('VIEW_ONLY');
  };

  const latest = async (deviceId: string, keys?: string[]): Promise<Series> => {
    const values = (await telemetry.latestFor([deviceId])).get(deviceId) ?? new Map();
    const out: Series = {};
    for (const [key, [ts, value]] of values)
      if (!keys || keys.includes(key)) out[key] = [{ ts, value: valueText(value) }];
    return out;
  };

  const series = async (userId: string, deviceId: string, q: TimeseriesValuesQuery): Promise<Series> => {
    await devices.access(userId, deviceId);
    const { startTs, endTs, keys } = q;
    // Neither end given: the latest values, as ThingsBoard's values/timeseries answers.
    if (startTs === undefined || endTs === undefined || keys === undefined) return latest(deviceId, keys);
    // What is still waiting in the write batch belongs in the answer too.
    await telemetry.flush();
    return history.series({ deviceId, ...q, keys, startTs, endTs });
  };
  route(app, auth, routes.timeseries, ({ principal, params, query }) =>
    series(principal.userId, params.entityId, query),
  );
  route(app, auth, routes.timeSeries, ({ principal, params, query }) =>
    series(principal.userId, params.entityId, query),
  );
  route(app, auth, routes.latestTimeseries, async ({ principal, params, query }) => {
    await devices.access(principal.userId, params.entityId);
    return latest(params.entityId, query.keys);
  });
  route(app, auth, routes.timeseriesKeys, async ({ principal, params }) => {
    await devices.access(principal.userId, params.entityId);
    return Object.keys(await latest(params.entityId));
  });
  route(app, auth, routes.saveTelemetry, async ({ principal, params, body }) => {
    await writable(principal.userId, params.entityId);
    const reserved = namedKeys(body).find((k) => CONNECTION_KEYS.has(k));
    if (reserved)
      throw new AppError('VALIDATION', `"${reserved}" is kept by the server and cannot be written`);
    const accepted = pipeline.acceptFromUser(params.entityId, JSON.stringify(body));
    if (!accepted.ok) throw new AppError('VALIDATION', accepted.reason);
    return done;
  });

  const listAttributes = async (
    userId: string,
    deviceId: string,
    scope: AttributeScopeName | undefined,
    keys: string[] | undefined,
  ): Promise<AttributeList> => {
    await devices.access(userId, deviceId);
    const list = await attributes.list(deviceId, scope && ATTRIBUTE_SCOPES[scope], keys);
    return list.map(({ key, value, lastUpdateTs }) => ({ key, value, lastUpdateTs }));
  };
  route(app, auth, routes.attributes, ({ principal, params, query }) =>
    listAttributes(principal.userId, params.entityId, undefined, query.keys),
  );
  route(app, auth, routes.attributesByScope, ({ principal, params, query }) =>
    listAttributes(principal.userId, params.entityId, params.scope, query.keys),
  );
  route(app, auth, routes.attributeKeys, async ({ principal, params }) => {
    const list = await listAttributes(principal.userId, params.entityId, undefined, undefined);
    return [...new Set(list.map((a) => a.key))];
  });
  route(app, auth, routes.attributeKeysByScope, async ({ principal, params }) =>
    (await listAttributes(principal.userId, params.entityId, params.scope, undefined)).map((a) => a.key),
  );

  /** Shared or server attributes, checked by the rules a device's own attributes follow. */
  const saveAttributes = async (
    userId: string,
    deviceId: string,
    scope: AttributeScopeName,
    body: Record<string, unknown>,
  ) => {
    await writable(userId, deviceId);
    const decoded = decodeMessage(JSON.stringify(body), clock.now(), false);
    if (!decoded.ok) throw new AppError('VALIDATION', decoded.reason);
    const values = decoded.readings[0]?.values;
    if (!values) throw new AppError('VALIDATION', 'Send at least one attribute: {"key": value}');
    // The contract admits only SHARED_SCOPE and SERVER_SCOPE here.
    await attributes.set(deviceId, ATTRIBUTE_SCOPES[scope] as 'shared' | 'server', values);
    return done;
  };
  route(app, auth, routes.saveAttributes, ({ principal, params, body }) =>
    saveAttributes(principal.userId, params.entityId, params.scope, body),
  );
  route(app, auth, routes.saveAttributesV1, ({ principal, params, body }) =>
    saveAttributes(principal.userId, params.entityId, params.scope, body),
  );
  route(app, auth, routes.deleteAttributes, async ({ principal, params, query }) => {
    await writable(principal.userId, params.entityId);
    await attributes.remove(params.entityId, ATTRIBUTE_SCOPES[params.scope], query.keys);
    return done;
  });
}
