import { z } from 'zod';

/** ThingsBoard telemetry WebSocket protocol, as the app speaks it. */
export const tsSubCmdSchema = z.object({
  cmdId: z.number().int(),
  entityType: z.string(),
  entityId: z.string(),
  keys: z.string().optional(),
  scope: z.string().optional(),
  unsubscribe: z.boolean().optional(),
});
export type TsSubCmd = z.infer<typeof tsSubCmdSchema>;

/** A one-off history read over the socket: one update with the points, like the REST call. */
export const historyCmdSchema = z.object({
  cmdId: z.number().int(),
  entityType: z.string(),
  entityId: z.string(),
  keys: z.string(),
  startTs: z.number().int().min(0),
  endTs: z.number().int().min(0),
  interval: z.number().int().min(1000).optional(),
  limit: z.number().int().min(1).max(10_000).optional(),
  agg: z.enum(['NONE', 'AVG', 'MIN', 'MAX', 'SUM', 'COUNT']).optional(),
});
export type HistoryCmd = z.infer<typeof historyCmdSchema>;

export const legacyWsMessageSchema = z.object({
  tsSubCmds: z.array(tsSubCmdSchema).max(2000).optional(),
  attrSubCmds: z.array(tsSubCmdSchema).max(2000).optional(),
  historyCmds: z.array(historyCmdSchema).max(100).optional(),
});

/** The `/api/ws` endpoint: `authCmd` first (within 10 s), then `cmds` typed by `type`. */
export const wsCmdSchema = tsSubCmdSchema.extend({
  type: z.enum([
    'TIMESERIES',
    'ATTRIBUTES',
    'TIMESERIES_HISTORY',
    'TIMESERIES_UNSUBSCRIBE',
    'ATTRIBUTES_UNSUBSCRIBE',
  ]),
  startTs: z.number().int().min(0).optional(),
  endTs: z.number().int().min(0).optional(),
  interval: z.number().int().min(1000).optional(),
  limit: z.number().int().min(1).max(10_000).optional(),
  agg: z.enum(['NONE', 'AVG', 'MIN', 'MAX', 'SUM', 'COUNT']).optional(),
});
export const wsMessageSchema = z.object({
  authCmd: z.object({ cmdId: z.number().int().optional(), token: z.string().max(4096) }).optional(),
  cmds: z.array(wsCmdSchema).max(2000).optional(),
});
export const WS_AUTH_TIMEOUT_MS = 10_000;
export type LegacyWsMessage = z.infer<typeof legacyWsMessageSchema>;
