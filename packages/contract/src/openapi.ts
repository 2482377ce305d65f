import { z } from 'zod';
import { API_PREFIX, CLIENT_ID_HEADER, REFRESH_IN_COOKIE_HEADER } from './http.ts';
import { errorBodySchema, errorCodeSchema, errorCodesOf, errorResponses } from './openapi-errors.ts';
import { routeExamples } from './openapi-examples.ts';
import { describedSchemas, describeOpen } from './openapi-schemas.ts';
import { API_TAGS, type RouteDoc, routeDocs } from './route-docs.ts';
import { voiceRouteDocs } from './route-docs-voice.ts';
import { type RouteDef, type RouteName, routes } from './routes.ts';
import { profileUpdateBodies } from './user.ts';
import { VOICE_PREFIX, voiceRoutes, voiceUploadFieldsSchema } from './voice.ts';
import { ok } from './wrapper.ts';

type Json = Record<string, unknown>;

/** JSON Schema of a zod schema as OpenAPI 3.1 takes it; transforms and refinements are described by their input. */
function schemaOf(schema: z.ZodTypeAny, io: 'input' | 'output'): Json {
  try {
    const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
      override: (ctx) => describeOpen(ctx as unknown as { zodSchema: unknown; jsonSchema: Json }),
    }) as Json;
    return rest;
  } catch {
    return {};
  }
}

const headerParameters = (doc: RouteDoc | undefined): Json[] => [
  ...(doc?.clientId
    ? [
        {
          name: CLIENT_ID_HEADER,
          in: 'header',
          required: false,
          description:
            "The app's hashed client id (8 to 128 of A-Z, a-z, 0-9, _ and -): ties the session to the app installation and keys the per-requester attempt limits. Optional; a malformed one is a 400.",
          schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,128}$' },
        },
      ]
    : []),
  ...(doc?.refreshCookie
    ? [
        {
          name: REFRESH_IN_COOKIE_HEADER,
          in: 'header',
          required: false,
          description:
            "`1`: deliver the refresh token as the HttpOnly cookie `hestia_refresh` instead of in the body (the web app, docs/decisions/022); the body's `refreshToken` is then empty.",
          schema: { type: 'string', enum: ['1'] },
        },
      ]
    : []),
];

function parametersOf(def: RouteDef, doc: RouteDoc | undefined, example: Json | undefined): Json[] {
  const out: Json[] = [];
  for (const [where, schema] of [
    ['path', def.params],
    ['query', def.query],
  ] as const) {
    if (!schema) continue;
    const json = schemaOf(schema, 'input');
    const properties = (json.properties ?? {}) as Record<string, Json>;
    const required = new Set((json.required ?? []) as string[]);
    const given = (example?.[where === 'path' ? 'params' : 'query'] ?? {}) as Record<string, string>;
    for (const [name, s] of Object.entries(properties)) {
      const { description, ...rest } = s;
      out.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        ...(description ? { description } : {}),
        schema: rest,
        ...(given[name] !== undefined ? { example: exampleAs(rest, given[name]) } : {}),
      });
    }
  }
  return [...out, ...headerParameters(doc)];
}

/** A query example as its schema types it (`limit=100` is the integer 100). */
const exampleAs = (schema: Json, value: string): unknown =>
  schema.type === 'integer' || schema.type === 'number' ? Number(value) : value;

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
function fileResponses(kind: RouteDef['responseKind']): Record<string, Json> | undefined {
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
  return undefined;
}

function requestBodyOf(name: string, def: RouteDef, example: Json | undefined): Json | undefined {
  const ex = example && 'body' in example ? { example: example.body } : {};
  // The voice service's upload (voice.ts): a form with the WAV and the caller's id.
  if (name === 'voiceUploadFile') {
    const fields = schemaOf(voiceUploadFieldsSchema, 'input');
    const properties = { ...(fields.properties as Json), file: { type: 'string', format: 'binary' } };
    return {
      required: true,
      content: {
        'multipart/form-data': { schema: { ...fields, properties, required: ['file', 'user_id'] } },
      },
    };
  }
  if (def.body)
    return {
      required: true,
      content: { 'application/json': { schema: schemaOf(def.body, 'input'), ...ex } },
    };
  if (def.bodyKind === 'binary')
    return {
      required: true,
      content: Object.fromEntries(
        ['image/png', 'image/jpeg', 'image/webp'].map((t) => [
          t,
          { schema: { type: 'string', format: 'binary' } },
        ]),
      ),
    };
  // The profile's parts: the body depends on the `type` in the path (user.ts profileUpdateBodies).
  if (name === 'updateProfile')
    return {
      required: true,
      content: {
        'application/json': {
          schema: {
            anyOf: Object.entries(profileUpdateBodies).map(([type, s]) => ({
              title: type,
              ...schemaOf(s as z.ZodTypeAny, 'input'),
            })),
            description: 'The part named by `type`: Location, Name, Notification, TimeZone or Tariff.',
          },
        },
      },
    };
  return undefined;
}

const openApiPath = (path: string) => path.replace(/:([a-zA-Z]+)/g, '{$1}');

/** The OpenAPI 3.1 document of /api/v1 and of ThingsBoard's paths, generated from the route table. */
export function openApiDocument(version = '0.1.0'): Json {
  const paths: Record<string, Json> = {};
  const add = (path: string, method: string, op: Json) => {
    paths[path] = { ...(paths[path] ?? {}), [method]: op };
  };
  // The /api/v1 routes, then the voice service's under its own base (voice.ts, decision 047).
  const documented: Array<[string, RouteDef, string, RouteDoc | undefined]> = [
    ...(Object.entries(routes) as Array<[RouteName, RouteDef]>).map(
      ([n, d]) => [n, d, API_PREFIX, routeDocs[n]] as [string, RouteDef, string, RouteDoc | undefined],
    ),
    ...(Object.entries(voiceRoutes) as Array<[keyof typeof voiceRoutes, RouteDef]>).map(
      ([n, d]) => [n, d, VOICE_PREFIX, voiceRouteDocs[n]] as [string, RouteDef, string, RouteDoc | undefined],
    ),
  ];
  for (const [name, def, prefix, doc] of documented) {
    const example = routeExamples[name as RouteName] as Json | undefined;
    const requestBody = requestBodyOf(name, def, example);
    const codes = errorCodesOf(def, doc);
    const data = schemaOf(def.response, 'output');
    const success = (schema: Json, description: string): Json => ({
      description,
      content: {
        'application/json': {
          schema,
          ...(example ? { example: schema === data ? example.response : ok(example.response) } : {}),
        },
      },
    });
    const summary = doc?.summary ?? name;
    const op: Json = {
      operationId: name,
      tags: [doc?.tag ?? 'Account'],
      summary,
      ...(doc?.description ? { description: doc.description } : {}),
      parameters: parametersOf(def, doc, example),
      ...(requestBody ? { requestBody } : {}),
      responses: {
        ...(fileResponses(def.responseKind) ?? { '200': success(wrapper(data), 'OK, in the wrapper') }),
        ...errorResponses(codes),
      },
      ...(def.anonymous ? { security: [] } : {}),
      // `{}` first: the token may be left out (what the route then answers is in its description).
      ...(def.tokenOptional ? { security: [{}, { xAuthorization: [] }, { bearer: [] }] } : {}),
    };
    add(prefix + openApiPath(def.path), def.method.toLowerCase(), op);
    if (def.thingsboard)
      add(openApiPath(def.thingsboard), def.method.toLowerCase(), {
        ...op,
        operationId: `${name}ThingsBoard`,
        tags: ['ThingsBoard'],
        summary: `${summary} (ThingsBoard's path)`,
        description: `The same call as \`${def.method} ${API_PREFIX}${def.path}\` on ThingsBoard's own path: the data unwrapped, errors as ThingsBoard gives them.${doc?.description ? `\n\n${doc.description}` : ''}`,
        responses: {
          '200': success(data, 'OK, unwrapped as ThingsBoard answers'),
          ...errorResponses(codes, true),
        },
        ...(def.anonymous ? {} : { security: [{ xAuthorization: [] }, { bearer: [] }] }),
      });
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Hestia API',
      version,
      summary:
        'The smart-home server of the Hestia app: accounts, homes, devices and their control, data and automations.',
      description: [
        'Every /api/v1 answer, errors included, is `{data, isSuccess, message, statusCode}`; an error has `data: null` and a code of the ErrorCode schema.',
        "ThingsBoard's own paths (tag ThingsBoard) answer the data unwrapped and errors as `{status, message, errorCode, timestamp}`.",
        "Sign in with `POST /api/v1/users/login` and send the token as `Authorization: Bearer <token>`. Live data comes over WebSockets, described with the devices' MQTT topics in the AsyncAPI document at `/api/docs/asyncapi`; docs/api.md explains both.",
      ].join('\n\n'),
    },
    servers: [
      {
        url: '/',
        description:
          'The server that served this document (locally `npm start` serves http://localhost:8080)',
      },
    ],
    tags: Object.entries(API_TAGS).map(([tag, description]) => ({ name: tag, description })),
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The `token` of login, sign-up or refresh, as `Authorization: Bearer <token>`.',
        },
        xAuthorization: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Authorization',
          description: "ThingsBoard's header, `X-Authorization: Bearer <token>`, accepted on every path.",
        },
      },
      schemas: {
        ErrorBody: errorBodySchema,
        ErrorCode: errorCodeSchema(),
        ThingsBoardError: thingsboardErrorSchema,
        ...describedSchemas,
      },
    },
    security: [{ bearer: [] }, { xAuthorization: [] }],
    paths,
  };
}
