import { emptyResultSchema } from './auth.ts';
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
  attributeBodySchema,
  attributeDeleteQuerySchema,
  attributeListSchema,
  attributeParamsSchema,
  attributeQuerySchema,
  attributeWriteParamsSchema,
  keyListSchema,
  latestQuerySchema,
  telemetryBodySchema,
  telemetryParamsSchema,
  telemetryWriteParamsSchema,
  timeseriesResultSchema,
  timeseriesValuesQuerySchema,
} from './telemetry.ts';
import { csvFileSchema } from './wrapper.ts';

/** Where ThingsBoard answers the same telemetry call (docs/decisions/021). */
const TB = '/api/plugins/telemetry/:entityType/:entityId';

/** Telemetry history, attributes, energy and reports. */
export const dataRoutes = {
  /** History of the keys between startTs and endTs; without either, their latest values. */
  timeseries: {
    method: 'GET',
    path: '/telemetry/:entityType/:entityId/values/timeseries',
    thingsboard: `${TB}/values/timeseries`,
    anonymous: false,
    params: telemetryParamsSchema,
    query: timeseriesValuesQuerySchema,
    response: timeseriesResultSchema,
  },
  /** The spec's spelling of the same call. */
  timeSeries: {
    method: 'GET',
    path: '/telemetry/:entityType/:entityId/values/timeSeries',
    anonymous: false,
    params: telemetryParamsSchema,
    query: timeseriesValuesQuerySchema,
    response: timeseriesResultSchema,
  },
  latestTimeseries: {
    method: 'GET',
    path: '/telemetry/:entityType/:entityId/values/Latest/timeseries',
    thingsboard: `${TB}/values/Latest/timeseries`,
    anonymous: false,
    params: telemetryParamsSchema,
    query: latestQuerySchema,
    response: timeseriesResultSchema,
  },
  /** Keys of the device's latest telemetry. */
  timeseriesKeys: {
    method: 'GET',
    path: '/telemetry/:entityType/:entityId/keys/timeseries',
    thingsboard: `${TB}/keys/timeseries`,
    anonymous: false,
    params: telemetryParamsSchema,
    response: keyListSchema,
  },
  /** Telemetry written as a device would send it, through the same validation. */
  saveTelemetry: {
    method: 'POST',
    bodyLimit: 256 * 1024,
    path: '/telemetry/:entityType/:entityId/timeseries/:scope',
    thingsboard: `${TB}/timeseries/:scope`,
    anonymous: false,
    params: telemetryWriteParamsSchema,
    body: telemetryBodySchema,
    response: emptyResultSchema,
  },
  /** Attributes of every scope, all keys or those named. */
  attributes: {
    method: 'GET',
    path: '/telemetry/:entityType/:entityId/values/attributes',
    thingsboard: `${TB}/values/attributes`,
    anonymous: false,
    params: telemetryParamsSchema,
    query: attributeQuerySchema,
    response: attributeListSchema,
  },
  attributesByScope: {
    method: 'GET',
    path: '/telemetry/:entityType/:entityId/values/attributes/:scope',
    thingsboard: `${TB}/values/attributes/:scope`,
    anonymous: false,
    params: attributeParamsSchema,
    query: attributeQuerySchema,
    response: attributeListSchema,
  },
  attributeKeys: {
    method: 'GET',
    path: '/telemetry/:entityType/:entityId/keys/attributes',
    thingsboard: `${TB}/keys/attributes`,
    anonymous: false,
    params: telemetryParamsSchema,
    response: keyListSchema,
  },
  attributeKeysByScope: {
    method: 'GET',
    path: '/telemetry/:entityType/:entityId/keys/attributes/:scope',
    thingsboard: `${TB}/keys/attributes/:scope`,
    anonymous: false,
    params: attributeParamsSchema,
    response: keyListSchema,
  },
  /** Shared or server attributes set by a user; shared ones reach the device. */
  saveAttributes: {
    method: 'POST',
    bodyLimit: 256 * 1024,
    path: '/telemetry/:entityType/:entityId/attributes/:scope',
    thingsboard: `${TB}/attributes/:scope`,
    anonymous: false,
    params: attributeWriteParamsSchema,
    body: attributeBodySchema,
    response: emptyResultSchema,
  },
  /** ThingsBoard's older path of the same call. */
  saveAttributesV1: {
    method: 'POST',
    bodyLimit: 256 * 1024,
    path: '/telemetry/:entityType/:entityId/:scope',
    thingsboard: `${TB}/:scope`,
    anonymous: false,
    params: attributeWriteParamsSchema,
    body: attributeBodySchema,
    response: emptyResultSchema,
  },
  deleteAttributes: {
    method: 'DELETE',
    path: '/telemetry/:entityType/:entityId/:scope',
    thingsboard: `${TB}/:scope`,
    anonymous: false,
    params: attributeParamsSchema,
    query: attributeDeleteQuerySchema,
    response: emptyResultSchema,
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
  /** The same report as a CSV download (a file, so not in the wrapper), named by its period. */
  reportCsv: {
    method: 'GET',
    path: '/reports/:deviceId/:reportId/csv',
    anonymous: false,
    params: reportIdParamsSchema,
    responseKind: 'csv',
    response: csvFileSchema,
  },
} as const satisfies Record<string, RouteDef>;
