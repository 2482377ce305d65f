// The AsyncAPI document's messages: what goes over the live sockets and the device MQTT topics.
import { z } from 'zod';
import { rpcBodySchema } from './device.ts';
import { attributeBodySchema, telemetryBodySchema } from './telemetry.ts';
import { legacyWsMessageSchema, WS_AUTH_TIMEOUT_MS, wsMessageSchema } from './ws.ts';
import { WS_ERROR } from './ws-constants.ts';

type Json = Record<string, unknown>;

/** JSON Schema (draft 7, AsyncAPI's own schema format) of a contract schema as clients send it. */
const schemaOf = (schema: z.ZodTypeAny): Json => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    target: 'draft-7',
    unrepresentable: 'any',
  }) as Json;
  return rest;
};
/** The OpenAPI document's described schemas (openapi-schemas.ts), here under components/schemas. */
const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });

const socketUpdate: Json = {
  type: 'object',
  required: ['subscriptionId', 'errorCode', 'errorMsg', 'data'],
  properties: {
    subscriptionId: { type: 'integer', description: 'The `cmdId` of the command this answers' },
    errorCode: {
      type: 'integer',
      enum: Object.values(WS_ERROR),
      description: `${WS_ERROR.NONE} none, ${WS_ERROR.BAD_REQUEST} bad request, ${WS_ERROR.UNAUTHORIZED} unauthorized (no access, or access withdrawn: the subscription ends)`,
    },
    errorMsg: { type: ['string', 'null'] },
    data: {
      type: 'object',
      additionalProperties: {
        type: 'array',
        items: { type: 'array', items: [{ type: 'integer' }, { type: 'string' }], minItems: 2, maxItems: 2 },
      },
      description:
        '`{key: [[ts, "value"], ...]}`, values always as strings. The first update of a subscription holds the current values, later ones what changed. A shared device adds `shareScope: [[ts, "control" | "view"]]`, again when the owner changes it.',
    },
  },
};

const message = (name: string, summary: string, payload: Json, extra: Json = {}): Json => ({
  name,
  title: name,
  summary,
  contentType: 'application/json',
  payload,
  ...extra,
});

/** The messages of the live sockets and the device topics (asyncapi.ts), by name. */
export const asyncMessages: Record<string, Json> = {
  legacyCommands: message(
    'legacyCommands',
    "ThingsBoard's subscription commands: latest telemetry (tsSubCmds), attributes (attrSubCmds, by scope) and one-off history (historyCmds); `unsubscribe: true` ends one.",
    schemaOf(legacyWsMessageSchema),
    {
      examples: [
        {
          payload: {
            tsSubCmds: [
              {
                cmdId: 1,
                entityType: 'DEVICE',
                entityId: '6f1c2a9e-3b4d-4e8f-9a01-5c7d2e3f4a10',
                keys: 'relay_1,relay_2',
              },
            ],
          },
        },
      ],
    },
  ),
  liveCommands: message(
    'liveCommands',
    `\`authCmd\` with the access token first (within ${WS_AUTH_TIMEOUT_MS / 1000} s, else the socket closes with 1008), then \`cmds\` typed TIMESERIES, ATTRIBUTES, TIMESERIES_HISTORY, TIMESERIES_UNSUBSCRIBE or ATTRIBUTES_UNSUBSCRIBE.`,
    schemaOf(wsMessageSchema),
    {
      examples: [
        {
          payload: {
            authCmd: { cmdId: 0, token: '<access token>' },
            cmds: [
              {
                type: 'TIMESERIES',
                cmdId: 1,
                entityType: 'DEVICE',
                entityId: '6f1c2a9e-3b4d-4e8f-9a01-5c7d2e3f4a10',
              },
            ],
          },
        },
      ],
    },
  ),
  update: message(
    'update',
    'An update of one subscription, or the answer of a history command, or an error.',
    socketUpdate,
    {
      examples: [
        {
          payload: {
            subscriptionId: 1,
            errorCode: 0,
            errorMsg: null,
            data: { relay_1: [[1764115200000, '1']] },
          },
        },
      ],
    },
  ),
  telemetry: message(
    'telemetry',
    'Telemetry: `{key: value}`, `{ts, values: {key: value}}`, or a list of them.',
    schemaOf(telemetryBodySchema),
  ),
  clientAttributes: message(
    'clientAttributes',
    "The device's own (client-scope) attributes, `{key: value}`.",
    schemaOf(attributeBodySchema),
  ),
  sharedAttributes: message(
    'sharedAttributes',
    'Shared attributes that changed, `{key: value}`, or `{deleted: [keys]}`.',
    {
      type: 'object',
    },
  ),
  attributesRequest: message(
    'attributesRequest',
    'Ask for attributes: `{clientKeys?, sharedKeys?}` (comma-separated); none asks for all.',
    {
      type: 'object',
      properties: { clientKeys: { type: 'string' }, sharedKeys: { type: 'string' } },
    },
  ),
  attributesResponse: message(
    'attributesResponse',
    'The attributes asked for: `{client: {...}, shared: {...}}`.',
    {
      type: 'object',
      properties: { client: { type: 'object' }, shared: { type: 'object' } },
    },
  ),
  command: message(
    'command',
    'A command (server-side RPC), `{method, params}`, as the REST RPC routes sent it.',
    schemaOf(rpcBodySchema.omit({ timeout: true })),
  ),
  commandResult: message(
    'commandResult',
    'The answer to a command: `{result: "OK"}`, or `{error}` to refuse it.',
    ref('RpcResult'),
  ),
  call: message(
    'call',
    'A call of the device to the server (client-side RPC): getCurrentTime or getSessionLimits.',
    {
      type: 'object',
      required: ['method'],
      properties: { method: { type: 'string', enum: ['getCurrentTime', 'getSessionLimits'] }, params: {} },
    },
  ),
  callResult: message(
    'callResult',
    "The server's answer to a call: epoch ms for getCurrentTime, `{maxPayloadSize, maxInflightMessages}` for getSessionLimits, or `{error}`.",
    {},
  ),
  claim: message(
    'claim',
    "ThingsBoard's claiming message: a user who gives the device's MAC and this secret within `durationMs` becomes its owner.",
    {
      type: 'object',
      required: ['secretKey'],
      properties: {
        secretKey: { type: 'string' },
        durationMs: { type: 'integer' },
        ownerKey: { type: 'string' },
      },
    },
  ),
  firmwareChunkRequest: message(
    'firmwareChunkRequest',
    "A firmware chunk request (ThingsBoard's OTA, docs/decisions/031): the chunk size in bytes as text; empty asks for the whole package. Only the package named by the device's fw_* shared attributes is served.",
    { type: 'string', pattern: '^[0-9]*$' },
    { contentType: 'text/plain' },
  ),
  firmwareChunk: message(
    'firmwareChunk',
    'The bytes of the chunk asked for: the last one short, none past the end of the package.',
    { type: 'string', format: 'binary' },
    { contentType: 'application/octet-stream' },
  ),
  status: message(
    'status',
    '`online` when the device connects, `offline` as its will; both retained. Scaled mode only.',
    { type: 'string', enum: ['online', 'offline'] },
    { contentType: 'text/plain' },
  ),
  activity: message(
    'activity',
    'Empty: an edge publishes it for each MQTT ping of a device it holds (scaled mode only).',
    { type: 'string', maxLength: 0 },
    { contentType: 'text/plain' },
  ),
  provisionRequest: message(
    'provisionRequest',
    'A device provisions itself (user name `provision`): `{deviceName (its AP MAC), provisionDeviceKey, provisionDeviceSecret}`.',
    {
      type: 'object',
      required: ['deviceName', 'provisionDeviceKey', 'provisionDeviceSecret'],
      properties: {
        deviceName: { type: 'string' },
        provisionDeviceKey: { type: 'string' },
        provisionDeviceSecret: { type: 'string' },
        credentialsType: { type: 'string' },
        token: { type: 'string' },
      },
    },
  ),
  provisionResponse: message(
    'provisionResponse',
    '`{status: "SUCCESS", credentialsValue (the access token)}`, or NOT_FOUND / FAILURE with `errorMsg`.',
    {
      type: 'object',
      properties: {
        status: { type: 'string', enum: ['SUCCESS', 'NOT_FOUND', 'FAILURE'] },
        credentialsValue: { type: 'string' },
        errorMsg: { type: 'string' },
      },
    },
  ),
};
