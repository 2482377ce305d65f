import { z } from 'zod';
import { API_PREFIX } from './http.ts';
import { type RouteDef, routes } from './routes.ts';

type Json = Record<string, unknown>;

/** JSON Schema of a zod schema as OpenAPI 3.1 takes it; transforms and refinements are described by their input. */
function schemaOf(schema: z.ZodTypeAny, io: 'input' | 'output'): Json {
  try {
    const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
    return rest;
  } catch {
    return {};
  }
}

function parametersOf(def: RouteDef): Json[] {
  const out: Json[] = [];
  for (const [where, schema] of [
    ['path', def.params],
    ['query', def.query],
  ] as const) {
    if (!schema) continue;
    const json = schemaOf(schema, 'input');
    const properties = (json.properties ?? {}) as Record<string, Json>;
    const required = new Set((json.required ?? []) as string[]);
    for (const [name, s] of Object.entries(properties)) {
      out.push({ name, in: where, required: where === 'path' || required.has(name), schema: s });
    }
  }
  return out;
}

const wrapper = (data: Json): Json => ({
  type: 'object',
  required: ['data', 'isSuccess', 'message', 'statusCode'],
  properties: {
    data,
    isSuccess: { type: 'boolean' },
    message: { type: 'string' },
    statusCode: { type: 'integer' },
  },
});

/** ThingsBoard's error body on its own paths (docs/decisions/021). */
const thingsboardErrorSchema: Json = {
  type: 'object',
  required: ['status', 'message', 'errorCode', 'timestamp'],
  properties: {
    status: { type: 'integer' },
    message: { type: 'string' },
    errorCode: {
      type: 'integer',
      description:
        '10 authentication, 20 permission, 31 bad request, 32 not found, 33 too many requests, 2 general',
    },
    timestamp: { type: 'integer', description: 'epoch milliseconds' },
  },
};

/** The answers of a route that answers a file instead of the wrapper (`responseKind`, http.ts). */
function fileResponses(kind: RouteDef['responseKind']): Record<string, Json> {
  if (kind === 'csv')
    return {
      '200': {
        description: 'A CSV download (UTF-8 with a byte order mark), named in Content-Disposition',
        content: { 'text/csv': { schema: { type: 'string' } } },
      },
    };
  if (kind === 'binary')
    return {
      '200': {
        description: 'The file, with its own Content-Type',
        content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
      },
      '204': { description: 'There is none' },
    };
  return {};
}

const openApiPath = (path: string) => path.replace(/:([a-zA-Z]+)/g, '{$1}');

/** The OpenAPI 3.1 document of /api/v1 and of ThingsBoard's paths, generated from the route table. */
export function openApiDocument(version = '0.1.0'): Json {
  const paths: Record<string, Json> = {};
  const add = (path: string, method: string, op: Json) => {
    paths[path] = { ...(paths[path] ?? {}), [method]: op };
  };
  for (const [name, def] of Object.entries(routes) as Array<[string, RouteDef]>) {
    const requestBody = def.body
      ? { required: true, content: { 'application/json': { schema: schemaOf(def.body, 'input') } } }
      : def.bodyKind === 'binary'
        ? { required: true, content: { '*/*': { schema: { type: 'string', format: 'binary' } } } }
        : undefined;
    const op: Json = {
      operationId: name,
      parameters: parametersOf(def),
      responses: {
        '200': {
          description: 'OK',
          content: { 'application/json': { schema: wrapper(schemaOf(def.response, 'output')) } },
        },
        ...fileResponses(def.responseKind),
        default: {
          description: 'Error in the same wrapper (data null)',
          content: { 'application/json': { schema: wrapper({}) } },
        },
      },
      ...(def.anonymous ? { security: [] } : {}),
      ...(requestBody ? { requestBody } : {}),
    };
    add(API_PREFIX + openApiPath(def.path), def.method.toLowerCase(), op);
    if (def.thingsboard)
      add(openApiPath(def.thingsboard), def.method.toLowerCase(), {
        ...op,
        operationId: `${name}ThingsBoard`,
        tags: ['ThingsBoard'],
        responses: {
          '200': {
            description: 'OK, unwrapped as ThingsBoard answers',
            content: { 'application/json': { schema: schemaOf(def.response, 'output') } },
          },
          default: {
            description: "Error in ThingsBoard's shape",
            content: { 'application/json': { schema: thingsboardErrorSchema } },
          },
        },
        ...(def.anonymous ? {} : { security: [{ bearer: [] }, { xAuthorization: [] }] }),
      });
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Hestia API',
      version,
      description:
        "Every /api/v1 answer, errors included, is {data, isSuccess, message, statusCode}. ThingsBoard's own paths (tag ThingsBoard) answer the data unwrapped and errors as {status, message, errorCode, timestamp}.",
    },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        xAuthorization: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Authorization',
          description: "ThingsBoard's header: 'Bearer <token>'",
        },
      },
    },
    security: [{ bearer: [] }],
    paths,
  };
}
