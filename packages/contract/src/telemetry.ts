import { z } from 'zod';
import { telemetryValueSchema } from './device.ts';

export const AGGREGATIONS = ['NONE', 'AVG', 'MIN', 'MAX', 'SUM', 'COUNT'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

/** Longest range one query may cover, and most points or buckets it may return. */
export const MAX_RANGE_MS = 366 * 24 * 3600_000;
export const MAX_POINTS = 10_000;

const keys = z
  .string()
  .trim()
  .min(1, 'keys is required')
  .max(1024)
  .transform((s) => [
    ...new Set(
      s
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  ])
  .refine((a) => a.length > 0 && a.length <= 20, 'Ask for 1 to 20 keys');
const ts = (name: string) =>
  z.coerce
    .number({ message: `${name} must be a time in epoch milliseconds` })
    .int()
    .min(0);

export const telemetryParamsSchema = z.object({
  entityType: z.literal('DEVICE', { message: 'Only DEVICE telemetry exists' }),
  entityId: z.string().uuid('entityId must be a UUID'),
});

const seriesFields = {
  keys,
  startTs: ts('startTs'),
  endTs: ts('endTs'),
  interval: z.coerce.number().int().min(1000, 'interval must be at least 1000 ms').optional(),
  agg: z.enum(AGGREGATIONS).default('NONE'),
  limit: z.coerce.number().int().min(1).max(MAX_POINTS).default(100),
  orderBy: z.enum(['ASC', 'DESC']).default('DESC'),
};

type RangeFields = { startTs: number; endTs: number; interval?: number | undefined; agg: Aggregation };

function checkRange(q: RangeFields, ctx: z.RefinementCtx): void {
  if (q.endTs <= q.startTs)
    ctx.addIssue({ code: 'custom', path: ['endTs'], message: 'endTs must be after startTs' });
  if (q.endTs - q.startTs > MAX_RANGE_MS)
    ctx.addIssue({ code: 'custom', path: ['endTs'], message: 'The range may cover at most 366 days' });
  if (q.agg !== 'NONE') {
    if (!q.interval)
      ctx.addIssue({
        code: 'custom',
        path: ['interval'],
        message: 'interval is required with an aggregation',
      });
    else if ((q.endTs - q.startTs) / q.interval > MAX_POINTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['interval'],
        message: `The range holds more than ${MAX_POINTS} intervals; choose a longer interval`,
      });
    }
  }
}

/** ThingsBoard's time-series query: a bounded range, an optional aggregation into buckets of `interval` ms. */
export const timeseriesQuerySchema = z.object(seriesFields).superRefine(checkRange);
export type TimeseriesQuery = z.infer<typeof timeseriesQuerySchema>;

export const latestQuerySchema = z.object({ keys: keys.optional() });

/**
 * ThingsBoard's values/timeseries: with `startTs` and `endTs` the history of the keys (as
 * `timeseriesQuerySchema`), with neither their latest values.
 */
export const timeseriesValuesQuerySchema = z
  .object({
    ...seriesFields,
    keys: keys.optional(),
    startTs: ts('startTs').optional(),
    endTs: ts('endTs').optional(),
  })
  .superRefine((q, ctx) => {
    if ((q.startTs === undefined) !== (q.endTs === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [q.startTs === undefined ? 'startTs' : 'endTs'],
        message: 'Give startTs and endTs together for history, or neither for the latest values',
      });
      return;
    }
    if (q.startTs === undefined || q.endTs === undefined) return;
    if (!q.keys) ctx.addIssue({ code: 'custom', path: ['keys'], message: 'keys is required' });
    checkRange({ ...q, startTs: q.startTs, endTs: q.endTs }, ctx);
  });
export type TimeseriesValuesQuery = z.infer<typeof timeseriesValuesQuerySchema>;

/** `{key: [{ts, value}]}`, values as strings, as ThingsBoard answers. */
export const timeseriesResultSchema = z.record(
  z.string(),
  z.array(z.object({ ts: z.number(), value: z.string() })),
);
export type TimeseriesResult = z.infer<typeof timeseriesResultSchema>;

// Attributes over REST (ThingsBoard's telemetry controller).

/** ThingsBoard's attribute scopes as its REST API names them, and the server's own names. */
export const ATTRIBUTE_SCOPES = {
  CLIENT_SCOPE: 'client',
  SHARED_SCOPE: 'shared',
  SERVER_SCOPE: 'server',
} as const;
export type AttributeScopeName = keyof typeof ATTRIBUTE_SCOPES;

const scopeNames = Object.keys(ATTRIBUTE_SCOPES) as [AttributeScopeName, ...AttributeScopeName[]];
const scope = z.enum(scopeNames, { message: 'scope must be CLIENT_SCOPE, SHARED_SCOPE or SERVER_SCOPE' });

/** A comma-separated list of keys, as ThingsBoard takes them; empty items are dropped. */
const keyList = z
  .string()
  .max(8192)
  .transform((s) => [
    ...new Set(
      s
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  ])
  .refine((a) => a.length <= 1000, 'Ask for at most 1000 keys');

export const attributeParamsSchema = telemetryParamsSchema.extend({ scope });

/** Client attributes are the device's own: users write shared or server ones (as ThingsBoard). */
export const attributeWriteParamsSchema = telemetryParamsSchema.extend({
  scope: scope.refine((s) => s !== 'CLIENT_SCOPE', {
    message: "CLIENT_SCOPE attributes are the device's own; write SHARED_SCOPE or SERVER_SCOPE",
  }),
});

/** Telemetry is written with the scope ANY (ThingsBoard's path keeps a scope it does not use). */
export const telemetryWriteParamsSchema = telemetryParamsSchema.extend({
  scope: z.literal('ANY', { message: 'scope must be ANY' }),
});

export const attributeQuerySchema = z.object({ keys: keyList.optional() });
export const attributeDeleteQuerySchema = z.object({
  keys: keyList.refine((a) => a.length > 0, 'keys is required: name the attributes to delete'),
});

/** The attributes to set: one JSON object, `{key: value}`; values are checked as device messages are. */
export const attributeBodySchema = z.record(z.string(), z.unknown());

/** Telemetry as a device sends it: `{k: v}`, `{ts, values}`, or an array of either. */
export const telemetryBodySchema = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())], {
  message: 'Send telemetry as a JSON object or an array of objects',
});

/** `[{key, value, lastUpdateTs}]`, values keeping their JSON type, as ThingsBoard answers. */
export const attributeListSchema = z.array(
  z.object({ key: z.string(), value: telemetryValueSchema, lastUpdateTs: z.number() }),
);
export type AttributeList = z.infer<typeof attributeListSchema>;

export const keyListSchema = z.array(z.string());
