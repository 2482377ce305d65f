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

export const legacyWsMessageSchema = z.object({
  tsSubCmds: z.array(tsSubCmdSchema).optional(),
  attrSubCmds: z.array(tsSubCmdSchema).optional(),
  historyCmds: z.array(z.unknown()).optional(),
});
export type LegacyWsMessage = z.infer<typeof legacyWsMessageSchema>;

/** `{key: [[ts, "value"], ...]}`; values are always strings on the wire. */
export type WsData = Record<string, Array<[number, string]>>;

export interface WsUpdate {
  subscriptionId: number;
  errorCode: number;
  errorMsg: string | null;
  data: WsData;
}

export const WS_ERROR = { NONE: 0, BAD_REQUEST: 2, UNAUTHORIZED: 3 } as const;

/** Spec section 9: live-data sharding constants. */
export const WS_DEVICES_PER_SOCKET = 180;
export const WS_ATTRIBUTE_CMD_OFFSET = 10_000;
export const WS_RECONNECT_MS = 3000;
