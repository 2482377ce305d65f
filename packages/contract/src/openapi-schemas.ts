import type { z } from 'zod';
import { emptyResultSchema } from './auth.ts';
import { rpcBodySchema, rpcResultSchema, telemetryValueSchema } from './device.ts';
import { MAX_JSON_BYTES, MAX_JSON_DEPTH } from './json.ts';
import { attributeBodySchema, telemetryBodySchema } from './telemetry.ts';

type Json = Record<string, unknown>;
const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });

/**
 * What the contract knows of the parts its zod schemas leave open (free-form JSON, the RPC's params
 * and answer, empty answers): components/schemas of the API description, and which zod schema each
 * stands for. The zod schemas are unchanged; only their description is.
 */
export const describedSchemas: Record<string, Json> = {
  Empty: {
    type: 'object',
    maxProperties: 0,
    description: 'Nothing to answer: an empty object `{}`.',
  },
  KeyValue: {
    type: 'object',
    required: ['Key', 'Value'],
    properties: {
      Key: {
        type: 'string',
        minLength: 1,
        maxLength: 64,
        description: "A key of the device model (catalogue), e.g. 'ADD_109'",
      },
      Value: { type: ['number', 'boolean', 'string'], description: 'The value to write' },
    },
  },
  RpcWriteParams: {
    type: 'array',
    minItems: 1,
    items: ref('KeyValue'),
    description:
      '`method: "write"`: the keys to write and their values, checked against the device model (writable, in range, one register group) before they are sent.',
  },
  RpcGetStateParams: {
    type: 'object',
    maxProperties: 0,
    description:
      '`method: "getState"`: no params (omit them or send `{}`); the device answers its whole state.',
  },
  RpcModbusParams: {
    type: 'object',
    required: ['function', 'len', 'address', 'data', 'data_mask'],
    properties: {
      function: {
        type: 'integer',
        enum: [3, 6, 7, 8, 9],
        description: 'Read 3, Write 6, OR 7, AND 8, MaskWrite 9',
      },
      len: { type: 'integer', minimum: 1, description: 'Registers (16-bit words) to read or write' },
      address: { type: 'integer', minimum: 0, description: 'First register' },
      data: { type: 'array', items: { type: 'integer' }, description: 'Words to write; empty for a read' },
      data_mask: { type: 'integer', description: 'Bit mask of OR, AND and MaskWrite; 0 otherwise' },
    },
    description:
      'The spec\'s Modbus register command (`method: "modbus"`), checked against the model\'s register map before it is sent (400 otherwise): `address` where a key\'s registers start (the map counts from 100, keys in catalogue order), `len` that key\'s words (71 for a text write, with 36 words of data ending in a zero), no mask on Read or Write, a non-zero mask covering every bit of `data` on OR, AND and MaskWrite, no write to a read-only key, and a value the key takes. `timeout` is 500 (the default) or 2000 ms. The device (simulated ones too) applies it and reports the key; a Read answers `{result: "OK", data: [words]}`.',
  },
  RpcResult: {
    type: 'object',
    properties: {
      result: { type: 'string', description: '"OK" when the device did it' },
      state: {
        type: 'object',
        additionalProperties: { type: ['number', 'string', 'boolean'] },
        description: 'getState: every key of the device with its value',
      },
      data: {
        type: 'array',
        items: { type: 'integer', minimum: 0, maximum: 65535 },
        description: 'Modbus Read: the words of the register read',
      },
    },
    additionalProperties: true,
    description:
      'What the device answered: `{result: "OK"}` for a write, with `state` for getState and `data` (the register words) for a Modbus Read; other methods answer as the device does. A device that refuses answers 502 instead; one-way calls answer `{}`.',
  },
  TelemetryValue: {
    type: ['number', 'boolean', 'string', 'object', 'array'],
    description:
      'A reported value: a number, boolean or string, or JSON a device reported as an object or list.',
  },
  JsonValue: {
    description: `Free-form JSON (at most ${MAX_JSON_DEPTH} levels of objects and arrays and ${MAX_JSON_BYTES / 1024} KB in a request).`,
  },
};

const rpcParams: Json = {
  oneOf: [ref('RpcWriteParams'), ref('RpcGetStateParams'), ref('RpcModbusParams')],
  description:
    "By `method`: a write list, nothing for getState, or the Modbus register form. Any other method's params (free-form JSON, at most 8 deep and 16 KB) go to the device unchanged.",
};

/** The zod schemas described by a component or by words instead of their open JSON Schema. */
export const schemaOverrides = new Map<z.ZodTypeAny, Json>([
  [emptyResultSchema, ref('Empty')],
  [rpcBodySchema.shape.params, rpcParams],
  [rpcResultSchema, ref('RpcResult')],
  [telemetryValueSchema, ref('TelemetryValue')],
  [
    telemetryBodySchema,
    {
      oneOf: [
        {
          type: 'object',
          additionalProperties: ref('TelemetryValue'),
          description: '`{key: value, ...}`, stamped now',
        },
        {
          type: 'array',
          items: { type: 'object', description: '`{key: value}` or `{ts, values: {key: value}}`' },
          description: 'Several messages',
        },
      ],
      description:
        'Telemetry as a device sends it: `{key: value}`, `{ts, values: {key: value}}`, or a list of them.',
    },
  ],
  [
    attributeBodySchema,
    {
      type: 'object',
      additionalProperties: ref('TelemetryValue'),
      description: 'Attributes to set: `{key: value}`.',
    },
  ],
]);

/** zod's JSON Schema of an open value (`z.unknown()`, bounded JSON) described as such. */
export function describeOpen(ctx: { zodSchema: unknown; jsonSchema: Json }): void {
  const over = schemaOverrides.get(ctx.zodSchema as z.ZodTypeAny);
  if (over) {
    for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
    Object.assign(ctx.jsonSchema, over);
    return;
  }
  const type = (ctx.zodSchema as { _zod?: { def?: { type?: string } } })._zod?.def?.type;
  if ((type === 'unknown' || type === 'any') && Object.keys(ctx.jsonSchema).length === 0)
    Object.assign(ctx.jsonSchema, ref('JsonValue'));
}
