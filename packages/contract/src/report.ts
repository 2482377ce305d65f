import { z } from 'zod';

const range = z
  .object({
    startTs: z.coerce.number().int().min(0),
    endTs: z.coerce.number().int().min(0),
  })
  .superRefine((q, ctx) => {
    if (q.endTs <= q.startTs)
      ctx.addIssue({ code: 'custom', path: ['endTs'], message: 'endTs must be after startTs' });
    if (q.endTs - q.startTs > 366 * 86_400_000)
      ctx.addIssue({ code: 'custom', path: ['endTs'], message: 'The range may cover at most 366 days' });
  });

export const reportParamsSchema = z.object({ deviceId: z.string().uuid('Device id must be a UUID') });
export const reportIdParamsSchema = reportParamsSchema.extend({
  reportId: z.string().uuid('Report id must be a UUID'),
});
export const generateReportBodySchema = range;

export const reportEventSchema = z.object({ ts: z.number(), key: z.string(), value: z.string() });

export const reportSchema = z.object({
  id: z.string(),
  deviceId: z.string(),
  deviceLabel: z.string(),
  startTs: z.number(),
  endTs: z.number(),
  createdAt: z.string(),
  /** Milliseconds each relay or 0/1 key spent on. */
  onTimeMs: z.record(z.string(), z.number()),
  energyKwh: z.number().nullable(),
  cost: z.number().nullable(),
  currency: z.string().nullable(),
  /** State changes of 0/1 keys (at most 1000, newest kept). */
  events: reportEventSchema.array(),
  /** Fault reports (error keys with a non-zero value). */
  errors: reportEventSchema.array(),
  samples: z.number(),
});
export type Report = z.infer<typeof reportSchema>;

export const reportListItemSchema = reportSchema.pick({
  id: true,
  deviceId: true,
  startTs: true,
  endTs: true,
  createdAt: true,
});

export const energyQuerySchema = z.intersection(
  range,
  z.object({ bucket: z.enum(['HOUR', 'DAY']).default('HOUR') }),
);
export const energyResultSchema = z.object({
  buckets: z.array(
    z.object({ bucket: z.string(), startTs: z.number(), kwh: z.number(), cost: z.number().nullable() }),
  ),
  totalKwh: z.number(),
  totalCost: z.number().nullable(),
  currency: z.string().nullable(),
  timeZone: z.string(),
});
