import { z } from 'zod';
import { API_PREFIX, type RouteDef, routes } from './routes.ts';

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

/** The OpenAPI 3.1 document of /api/v1, generated from the route table. */
export function openApiDocument(version = '0.1.0'): Json {
  const paths: Record<string, Json> = {};
  for (const [name, def] of Object.entries(routes) as Array<[string, RouteDef]>) {
    const path = API_PREFIX + def.path.replace(/:([a-zA-Z]+)/g, '{$1}');
    const op: Json = {
      operationId: name,
      parameters: parametersOf(def),
      responses: {
        '200': {
          description: 'OK',
          content: { 'application/json': { schema: wrapper(schemaOf(def.response, 'output')) } },
        },
        default: {
          description: 'Error in the same wrapper (data null)',
          content: { 'application/json': { schema: wrapper({}) } },
        },
      },
      ...(def.anonymous ? { security: [] } : {}),
    };
    if (def.body)
      op.requestBody = {
        required: true,
        content: { 'application/json': { schema: schemaOf(def.body, 'input') } },
      };
    paths[path] = { ...(paths[path] ?? {}), [def.method.toLowerCase()]: op };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Hestia API',
      version,
      description: 'Every answer, errors included, is {data, isSuccess, message, statusCode}.',
    },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearer: [] }],
    paths,
  };
}
