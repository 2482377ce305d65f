import { z } from 'zod';
import { boundedJson } from './json.ts';

/** A value the app writes to a device: a number, a boolean or a string. */
export const commandValueSchema = z.union([z.number(), z.boolean(), z.string()]);
export type CommandValue = z.infer<typeof commandValueSchema>;

/**
 * A telemetry or attribute value as stored and sent: numbers, booleans and strings keep their JSON
 * type; a JSON object or array a device sent (ThingsBoard's JSON data type) stays JSON.
 */
export const telemetryValueSchema = z.union([
  commandValueSchema,
  z.record(z.string(), z.unknown()),
  z.array(z.unknown()),
]);
export type TelemetryValue = z.infer<typeof telemetryValueSchema>;

/**
 * A value as ThingsBoard's REST and socket write it when types are not strict: text, with JSON
 * values written out as JSON.
 */
export const valueText = (v: TelemetryValue): string =>
  typeof v === 'object' ? JSON.stringify(v) : String(v);

export const deviceSchema = z.object({
  id: z.string(),
  /** The user-visible name. */
  label: z.string(),
  name: z.string(),
  deviceProfileId: z.string(),
  assetId: z.string().nullable(),
  assetLabel: z.string().nullable(),
  isSharedDevice: z.boolean(),
  /** The caller's access: owner, control (shared) or view (shared, view only). */
  access: z.enum(['owner', 'control', 'view']),
  isFavourite: z.boolean(),
  /** The owner has disabled reconfiguration. */
  configDisabled: z.boolean(),
  /** Latest telemetry, key to value, as last known to the server. */
  deviceData: z.record(z.string(), telemetryValueSchema),
  /** Latest telemetry with its timestamps, key to [ts, value]. */
  deviceRawData: z.record(z.string(), z.tuple([z.number(), telemetryValueSchema])),
});
export type Device = z.infer<typeof deviceSchema>;

export const deviceListQuerySchema = z.object({
  assetId: z.string().uuid('assetId must be a UUID').optional(),
  childAssetContains: z.enum(['true', 'false']).optional(),
  profileId: z.string().max(64).optional(),
  /** `true`: the devices transferred to the caller by pairing and not yet set up (post-config). */
  isTransfer: z.enum(['true', 'false']).optional(),
  /** `true`: only the devices shared with the caller. */
  sharedOnly: z.enum(['true', 'false']).optional(),
  /**
   * Without a token, with `isTransfer=true`: the device's AP MAC and the pair key it was paired
   * with; the answer is that device alone, while its transfer is fresh (docs/decisions/042).
   */
  mac: z.string().min(1).max(32).optional(),
  pairkey: z.string().trim().min(1).max(16).optional(),
});

export const deviceIdParamsSchema = z.object({ id: z.string().uuid('Device id must be a UUID') });

/** A write pair as the spec spells it: `{Key, Value}`. */
export const keyValueSchema = z.object({ Key: z.string().min(1).max(64), Value: commandValueSchema });
export type KeyValue = z.infer<typeof keyValueSchema>;

/** RPC body: `{method, params}`; `timeout` in ms is optional (default 6000, at most 60000). */
export const rpcBodySchema = z.object({
  method: z.string().min(1).max(64),
  params: boundedJson().optional(),
  timeout: z.number().int().min(100).max(60_000).optional(),
});
export type RpcBody = z.infer<typeof rpcBodySchema>;

export const RPC_DEFAULT_TIMEOUT_MS = 6000;

/** What a device answers to an RPC; a write answers `{result: "OK"}`. */
export const rpcResultSchema = z.record(z.string(), z.unknown());
export type RpcResult = z.infer<typeof rpcResultSchema>;
