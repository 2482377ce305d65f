import { z } from 'zod';

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

/** ThingsBoard's time-series query: a bounded range, an optional aggregation into buckets of `interval` ms. */
export const timeseriesQuerySchema = z
  .object({
    keys,
    startTs: ts('startTs'),
    endTs: ts('endTs'),
    interval: z.coerce.number().int().min(1000, 'interval must be at least 1000 ms').optional(),
    agg: z.enum(AGGREGATIONS).default('NONE'),
    limit: z.coerce.number().int().min(1).max(MAX_POINTS).default(100),
    orderBy: z.enum(['ASC', 'DESC']).default('DESC'),
  })
  .superRefine((q, ctx) => {
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
  });
export type TimeseriesQuery = z.infer<typeof timeseriesQuerySchema>;

export const latestQuerySchema = z.object({ keys: keys.optional() });

/** `{key: [{ts, value}]}`, values as strings, as ThingsBoard answers. */
export const timeseriesResultSchema = z.record(
  z.string(),
  z.array(z.object({ ts: z.number(), value: z.string() })),
);
export type TimeseriesResult = z.infer<typeof timeseriesResultSchema>;
