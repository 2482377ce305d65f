import { type ErrorCode, errorCatalog, httpStatusOf } from './errors.ts';
import type { RouteDoc } from './route-docs.ts';
import type { RouteDef } from './routes.ts';

type Json = Record<string, unknown>;

/** The error codes a route can answer: those every route of its kind gives, then its own (route-docs). */
export function errorCodesOf(def: RouteDef, doc: RouteDoc | undefined): ErrorCode[] {
  const codes = new Set<ErrorCode>();
  const hasInput = Boolean(def.params || def.query || def.body || def.bodyKind);
  if (hasInput) codes.add('VALIDATION');
  if (def.body && def.bodyKind !== 'binary') codes.add('UNSUPPORTED_MEDIA_TYPE');
  if (!def.anonymous) {
    codes.add('TOKEN_MISSING');
    codes.add('TOKEN_INVALID');
  }
  // A path naming an item: a stranger gets 404 (the item's existence is not revealed), a user whose
  // access falls short of the call 403.
  if (/:(?:[A-Za-z]*Id|id|mac|shareToken)\b/.test(def.path) && !def.anonymous) {
    codes.add('FORBIDDEN');
    codes.add('NOT_FOUND');
  }
  for (const code of doc?.errors ?? []) codes.add(code);
  codes.add('INTERNAL');
  return [...codes];
}

const describeCode = (code: ErrorCode): string => {
  const e: { status: number; http?: number; message: string } = errorCatalog[code];
  return e.http ? `${code} (statusCode ${e.status}, HTTP ${e.http})` : code;
};

/** The wrapper of an error: `data` null, `statusCode` the code's status (1015 for a disabled account). */
export const errorBodySchema: Json = {
  type: 'object',
  required: ['data', 'isSuccess', 'message', 'statusCode'],
  properties: {
    data: { type: 'null' },
    isSuccess: { type: 'boolean', const: false },
    message: {
      type: 'string',
      description: "The error in words, for the user; the catalogue's message unless the handler said more",
    },
    statusCode: {
      type: 'integer',
      description: 'The HTTP status, or 1015 for a disabled account (HTTP 403)',
    },
  },
};

/** components/schemas/ErrorCode: every code with its status and message (errors.ts). */
export function errorCodeSchema(): Json {
  const codes = Object.keys(errorCatalog) as ErrorCode[];
  return {
    type: 'string',
    enum: codes,
    description: [
      'The error codes of the API, each with the status in the wrapper and its message:',
      '',
      '| Code | statusCode | HTTP | Message |',
      '| --- | --- | --- | --- |',
      ...codes.map(
        (c) => `| ${c} | ${errorCatalog[c].status} | ${httpStatusOf(c)} | ${errorCatalog[c].message} |`,
      ),
    ].join('\n'),
    'x-error-catalog': Object.fromEntries(
      codes.map((c) => [
        c,
        { statusCode: errorCatalog[c].status, http: httpStatusOf(c), message: errorCatalog[c].message },
      ]),
    ),
  };
}

const REASON: Record<number, string> = {
  400: 'Bad request',
  401: 'Not signed in, or the session ended',
  403: 'Not allowed',
  404: 'Not found',
  409: 'Conflict with the current state',
  429: 'Too many attempts',
  500: 'Server error',
  502: 'The device refused',
  504: 'The device did not answer',
};

/** ThingsBoard's errorCode by HTTP status (docs/decisions/021). */
const TB_CODE: Record<number, number> = { 400: 31, 401: 10, 403: 20, 404: 32, 429: 33 };

/** HTTP status of a code on ThingsBoard's paths, where every authentication failure is a 401. */
const thingsboardStatusOf = (code: ErrorCode): number =>
  code === 'TOKEN_MISSING' || code === 'ACCOUNT_DISABLED' ? 401 : httpStatusOf(code);

/** Error responses of one operation, by HTTP status, each with an example body per code. */
export function errorResponses(codes: ErrorCode[], thingsboard = false): Record<string, Json> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = thingsboard ? thingsboardStatusOf(code) : httpStatusOf(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<string, Json> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const examples = Object.fromEntries(
      list.map((code) => [
        code,
        {
          summary: code,
          value: thingsboard
            ? {
                status,
                message: errorCatalog[code].message,
                errorCode: TB_CODE[status] ?? 2,
                timestamp: 1764115200000,
              }
            : {
                data: null,
                isSuccess: false,
                message: errorCatalog[code].message,
                statusCode: errorCatalog[code].status,
              },
        },
      ]),
    );
    out[String(status)] = {
      description: `${REASON[status] ?? 'Error'}: ${list.map(describeCode).join(', ')}`,
      ...(status === 429
        ? {
            headers: {
              'Retry-After': {
                description: 'Seconds until the next attempt may succeed',
                schema: { type: 'integer' },
              },
            },
          }
        : {}),
      content: {
        'application/json': {
          schema: {
            $ref: thingsboard ? '#/components/schemas/ThingsBoardError' : '#/components/schemas/ErrorBody',
          },
          examples,
        },
      },
    };
  }
  return out;
}
