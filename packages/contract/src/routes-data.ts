import {
  energyQuerySchema,
  energyResultSchema,
  generateReportBodySchema,
  reportIdParamsSchema,
  reportListItemSchema,
  reportParamsSchema,
  reportSchema,
} from './report.ts';
import type { RouteDef } from './routes.ts';
import {
  latestQuerySchema,
  telemetryParamsSchema,
  timeseriesQuerySchema,
  timeseriesResultSchema,
} from './telemetry.ts';

/** Telemetry history, energy and reports. */
export const dataRoutes = {
  timeseries: {
    method: 'GET',
    path: '/telemetry/:entityType/:entityId/values/timeseries',
    anonymous: false,
    params: telemetryParamsSchema,
    query: timeseriesQuerySchema,
    response: timeseriesResultSchema,
  },
  /** The spec's spelling of the same call. */
  timeSeries: {
    method: 'GET',
    path: '/telemetry/:entityType/:entityId/values/timeSeries',
    anonymous: false,
    params: telemetryParamsSchema,
    query: timeseriesQuerySchema,
    response: timeseriesResultSchema,
  },
  latestTimeseries: {
    method: 'GET',
    path: '/telemetry/:entityType/:entityId/values/Latest/timeseries',
    anonymous: false,
    params: telemetryParamsSchema,
    query: latestQuerySchema,
    response: timeseriesResultSchema,
  },
  energy: {
    method: 'GET',
    path: '/telemetry/:entityType/:entityId/energy',
    anonymous: false,
    params: telemetryParamsSchema,
    query: energyQuerySchema,
    response: energyResultSchema,
  },
  generateReport: {
    method: 'POST',
    path: '/reports/:deviceId/generate',
    anonymous: false,
    params: reportParamsSchema,
    body: generateReportBodySchema,
    response: reportSchema,
  },
  listReports: {
    method: 'GET',
    path: '/reports/:deviceId',
    anonymous: false,
    params: reportParamsSchema,
    response: reportListItemSchema.array(),
  },
  getReport: {
    method: 'GET',
    path: '/reports/:deviceId/:reportId',
    anonymous: false,
    params: reportIdParamsSchema,
    response: reportSchema,
  },
} as const satisfies Record<string, RouteDef>;
