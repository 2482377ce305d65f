import {
  API_PREFIX,
  DEFAULT_BODY_LIMIT,
  type ErrorCode,
  errorCatalog,
  fail,
  httpStatusOf,
  NO_BODY_LIMIT,
  ok,
  type RouteDef,
} from '@hestia/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../core/errors.ts';
import { errorKind, LogBudget } from '../core/log-budget.ts';
import { RateLimitedError } from '../core/rate-limiter.ts';
import { type RequestBudget, spendRequestOrWait, useRequestBudget } from '../core/request-budget.ts';
import { noteUser } from './request-log.ts';
import { installSecurityHeaders } from './security-headers.ts';

/** Who calls: the account module's authentication, seen only through this (no import of it). */
export interface Authenticator<P> {
  authenticate(token: string): Promise<P>;
}

/** Paths where ThingsBoard's REST API is answered (docs/decisions/021). */
const THINGSBOARD_PATH = /^\/api\/(plugins|auth)\//;

/**
 * A request on one of ThingsBoard's own paths: its route was registered as such (`config`), or no
 * route matched and the path is under ThingsBoard's prefixes. Its errors take ThingsBoard's shape.
 */
function isThingsBoard(req: FastifyRequest): boolean {
  const config = req.routeOptions?.config as { thingsboard?: boolean } | undefined;
  if (config?.thingsboard !== undefined) return config.thingsboard;
  return THINGSBOARD_PATH.test(req.url.split('?')[0] ?? '');
}

/** ThingsBoard's error codes (ThingsboardErrorCode). */
const TB_ERROR = {
  GENERAL: 2,
  AUTHENTICATION: 10,
  PERMISSION_DENIED: 20,
  BAD_REQUEST_PARAMS: 31,
  ITEM_NOT_FOUND: 32,
  TOO_MANY_REQUESTS: 33,
} as const;

/** Each of our error codes as ThingsBoard says it: HTTP status and errorCode. */
const thingsboardErrors: Record<ErrorCode, { status: number; errorCode: number }> = {
  TOKEN_MISSING: { status: 401, errorCode: TB_ERROR.AUTHENTICATION },
  TOKEN_INVALID: { status: 401, errorCode: TB_ERROR.AUTHENTICATION },
  BAD_CREDENTIALS: { status: 401, errorCode: TB_ERROR.AUTHENTICATION },
  ACCOUNT_DISABLED: { status: 401, errorCode: TB_ERROR.AUTHENTICATION },
  VALIDATION: { status: 400, errorCode: TB_ERROR.BAD_REQUEST_PARAMS },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, errorCode: TB_ERROR.BAD_REQUEST_PARAMS },
  FORBIDDEN: { status: 403, errorCode: TB_ERROR.PERMISSION_DENIED },
  SHARING_NOT_ALLOWED: { status: 403, errorCode: TB_ERROR.PERMISSION_DENIED },
  VIEW_ONLY: { status: 403, errorCode: TB_ERROR.PERMISSION_DENIED },
  NOT_FOUND: { status: 404, errorCode: TB_ERROR.ITEM_NOT_FOUND },
  CONFLICT: { status: 409, errorCode: TB_ERROR.GENERAL },
  RATE_LIMITED: { status: 429, errorCode: TB_ERROR.TOO_MANY_REQUESTS },
  DEVICE_OFFLINE: { status: 409, errorCode: TB_ERROR.GENERAL },
  DEVICE_NO_ANSWER: { status: 504, errorCode: TB_ERROR.GENERAL },
  DEVICE_REJECTED: { status: 502, errorCode: TB_ERROR.GENERAL },
  CONFIG_DISABLED: { status: 403, errorCode: TB_ERROR.PERMISSION_DENIED },
  PAIR_KEY_NOT_LIVE: { status: 409, errorCode: TB_ERROR.GENERAL },
  NOT_OWNED_BY_OTHER: { status: 409, errorCode: TB_ERROR.GENERAL },
  FIRMWARE_SHARED: { status: 403, errorCode: TB_ERROR.PERMISSION_DENIED },
  FIRMWARE_OFFLINE: { status: 409, errorCode: TB_ERROR.GENERAL },
  FIRMWARE_UP_TO_DATE: { status: 409, errorCode: TB_ERROR.GENERAL },
  FIRMWARE_TOO_OLD: { status: 409, errorCode: TB_ERROR.GENERAL },
  FIRMWARE_TOO_BIG: { status: 413, errorCode: TB_ERROR.BAD_REQUEST_PARAMS },
  VOICE_NO_SEQUENCE: { status: 404, errorCode: TB_ERROR.ITEM_NOT_FOUND },
  VOICE_NO_COMMANDS: { status: 404, errorCode: TB_ERROR.ITEM_NOT_FOUND },
  NOTIFY_SETTINGS_OWNER_ONLY: { status: 403, errorCode: TB_ERROR.PERMISSION_DENIED },
  LOG_UNAUTHORIZED: { status: 401, errorCode: TB_ERROR.AUTHENTICATION },
  LOG_THROTTLED: { status: 429, errorCode: TB_ERROR.TOO_MANY_REQUESTS },
  SERVICE_DOWN: { status: 503, errorCode: TB_ERROR.GENERAL },
  INTERNAL: { status: 500, errorCode: TB_ERROR.GENERAL },
};

/** Messages of ours that ThingsBoard words its own way on its paths. */
const thingsboardMessages: Partial<Record<ErrorCode, string>> = {
  TOKEN_MISSING: 'Authentication failed: send X-Authorization: Bearer <token>',
};

/** ThingsBoard's error body: `{status, message, errorCode, timestamp}`. */
const thingsboardError = (status: number, message: string, errorCode: number) => ({
  status,
  message,
  errorCode,
  timestamp: Date.now(),
});

function sendError(
  req: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  message?: string,
): FastifyReply {
  if (isThingsBoard(req)) {
    const tb = thingsboardErrors[code];
    // An error raised without its own words says it as ThingsBoard would where that differs.
    const own = message !== undefined && message !== errorCatalog[code].message ? message : undefined;
    const text = own ?? thingsboardMessages[code] ?? errorCatalog[code].message;
    return reply.status(tb.status).send(thingsboardError(tb.status, text, tb.errorCode));
  }
  const status = errorCatalog[code].status;
  return reply.status(httpStatusOf(code)).send(fail(message ?? errorCatalog[code].message, status));
}

/**
 * Errors the router raises before any route or hook runs (Fastify's `frameworkErrors`): an address
 * that is not valid percent-encoded UTF-8, or a path part longer than the router takes. They get
 * the wrapper (or ThingsBoard's shape) like every other refusal.
 */
export function frameworkError(
  err: { code?: string },
  req: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const message =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A part of the address is too long.'
      : err.code === 'FST_ERR_BAD_URL'
        ? 'The address is not valid: a part of it is not valid percent-encoded UTF-8.'
        : undefined;
  return sendError(req, reply, 'VALIDATION', message);
}

function zodMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return errorCatalog.VALIDATION.message;
  const where = issue.path.join('.');
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** A lone surrogate: half of a character, which no UTF-8 column can hold. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text with a NUL character or a lone surrogate, which the database refuses. */
const unstorable = (s: string) => s.includes('\u0000') || LONE_SURROGATE.test(s);

/** The path of the first string (or object key) in `value` that holds unstorable text. */
export function unstorableAt(value: unknown, path: string[] = [], depth = 0): string[] | undefined {
  if (typeof value === 'string') return unstorable(value) ? path : undefined;
  // Binary bodies (an uploaded image) are bytes, not text.
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || depth > 64)
    return undefined;
  for (const [k, v] of Object.entries(value)) {
    if (unstorable(k)) return [...path, '?'];
    const found = unstorableAt(v, [...path, k], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** An error from the database itself: a SQLSTATE code and the server's report fields. */
function isDatabaseError(e: unknown): e is Error & { code: string; constraint?: unknown; routine?: unknown } {
  const x = e as { code?: unknown; severity?: unknown; routine?: unknown };
  return (
    e instanceof Error &&
    typeof x.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(x.code) &&
    (x.severity !== undefined || x.routine !== undefined)
  );
}

/** Only the `at …` lines of a stack: its first line repeats the message. */
const framesOf = (stack: string | undefined) =>
  (stack ?? '')
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .join('\n');

/**
 * What the log may keep of an error. A failed SQL statement's error (drizzle's) carries the
 * statement's parameters, in `params` and in its message, and the database's own message and detail
 * may quote them too ("invalid input syntax …: "<value>"", "Key (email)=(…)"); those may be password
 * hashes, code HMACs or addresses. Only the statement, the SQLSTATE code, the constraint and the
 * stack frames are kept.
 */
export function loggableError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const e = err as Error & { query?: unknown; params?: unknown; cause?: unknown };
  const wrapped = e.params !== undefined || e.query !== undefined;
  if (!wrapped && !isDatabaseError(err)) return err;
  const db = isDatabaseError(e.cause) ? e.cause : isDatabaseError(err) ? err : undefined;
  return {
    type: db?.name ?? e.name,
    message: `database statement failed${db ? ` (SQLSTATE ${db.code})` : ''}`,
    ...(typeof e.query === 'string' ? { query: e.query } : {}),
    ...(db ? { code: db.code } : {}),
    ...(typeof db?.constraint === 'string' ? { constraint: db.constraint } : {}),
    stack: framesOf((e.cause instanceof Error ? e.cause : e).stack),
  };
}

type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** The logger's `err` serializer: errors as type, message, stack and code, never a statement's parameters. */
export function errSerializer(err: unknown, depth = 0): SerializedError {
  const safe = loggableError(err);
  if (!(safe instanceof Error)) {
    if (safe && typeof safe === 'object' && 'type' in safe) return safe as SerializedError;
    return { type: typeof safe, message: String(safe), stack: '' };
  }
  const e = safe as Error & { code?: unknown; statusCode?: unknown; cause?: unknown };
  return {
    type: e.name,
    message: e.message,
    stack: e.stack ?? '',
    ...(e.code !== undefined ? { code: e.code } : {}),
    ...(e.statusCode !== undefined ? { statusCode: e.statusCode } : {}),
    ...(e.cause !== undefined && depth < 5 ? { cause: errSerializer(e.cause, depth + 1) } : {}),
  };
}

/** Wrapper on every answer, errors included; never a stack trace to the client. */
export function installErrorHandling(
  app: FastifyInstance,
  opts: { serveShell: boolean; requestBudget?: RequestBudget; now?: () => number },
): void {
  const errorLogs = new LogBudget({ perWindow: 10, windowMs: 60_000 }, opts.now); // each kind 10 a minute
  if (opts.requestBudget) useRequestBudget(app, opts.requestBudget);
  installSecurityHeaders(app);
  // A body-less request that still says it sends JSON (many HTTP clients do so for DELETE) has no
  // body, not a broken one; any other JSON is parsed as before, prototype keys refused.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, text, done) => {
    if (String(text).trim() === '') return done(null, undefined);
    return parseJson(req, String(text), done);
  });
  // Text with NUL characters or lone surrogates is a 400 on every route, in one place, before any
  // handler runs (the database refuses it, and its error would otherwise be a 500).
  app.addHook('preHandler', async (req) => {
    for (const [part, value] of [
      ['params', req.params],
      ['query', req.query],
      ['body', req.body],
    ] as const) {
      const at = unstorableAt(value);
      if (at)
        throw new AppError(
          'VALIDATION',
          `${at.length > 0 ? at.join('.') : part}: Text may not contain NUL characters or unpaired surrogates.`,
        );
    }
  });
  app.setErrorHandler((err: unknown, req, reply) => {
    if (err instanceof RateLimitedError)
      reply.header('retry-after', String(Math.max(1, Math.ceil(err.retryAfterMs / 1000))));
    if (err instanceof AppError) return sendError(req, reply, err.code, err.message);
    const e = err as { statusCode?: number; code?: string; message?: string };
    if (e.statusCode === 413)
      return reply
        .status(413)
        .send(
          isThingsBoard(req)
            ? thingsboardError(413, 'The request is too large.', TB_ERROR.BAD_REQUEST_PARAMS)
            : fail('The request is too large.', 413),
        );
    // A type no parser takes (XML, a form, multipart) on a JSON route: 415.
    if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return sendError(req, reply, 'UNSUPPORTED_MEDIA_TYPE');
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      const message = e.code?.startsWith('FST_ERR_CTP') ? 'The request body is not valid JSON.' : undefined;
      return sendError(req, reply, 'VALIDATION', message);
    }
    const { log, suppressed } = errorLogs.take(errorKind(err));
    if (log) req.log.error({ err: loggableError(err), suppressed }, 'unhandled error');
    return sendError(req, reply, 'INTERNAL');
  });
  app.setNotFoundHandler((req, reply) => {
    // Client-side routes of the web app get its shell; API paths and missing files keep the JSON 404.
    const path = req.url.split('?')[0] ?? '';
    if (opts.serveShell && req.method === 'GET' && !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path)) {
      return reply.type('text/html').sendFile('index.html');
    }
    return sendError(req, reply, 'NOT_FOUND');
  });
}

interface HandlerInput<D extends RouteDef, P> {
  req: FastifyRequest;
  principal: D['anonymous'] extends true
    ? P | undefined
    : D['tokenOptional'] extends true
      ? P | undefined
      : P;
  params: D['params'] extends z.ZodTypeAny ? z.infer<D['params']> : undefined;
  query: D['query'] extends z.ZodTypeAny ? z.infer<D['query']> : undefined;
  /** A `binary` body (http.ts) is the raw bytes, as the route's content type parser kept them. */
  body: D['body'] extends z.ZodTypeAny
    ? z.infer<D['body']>
    : D['bodyKind'] extends 'binary'
      ? unknown
      : undefined;
}

function parse<S extends z.ZodTypeAny | undefined>(schema: S, value: unknown): unknown {
  if (!schema) return undefined;
  const r = schema.safeParse(value ?? {});
  if (!r.success) throw new AppError('VALIDATION', zodMessage(r.error));
  return r.data;
}

/** The token of `Authorization: Bearer …`, or of ThingsBoard's `X-Authorization: Bearer …`. */
export function bearerToken(req: FastifyRequest): string | undefined {
  for (const header of [req.headers.authorization, req.headers['x-authorization']]) {
    const value = Array.isArray(header) ? header[0] : header;
    if (!value) continue;
    const m = /^Bearer\s+(\S+)$/i.exec(value);
    if (m) return m[1];
  }
  return undefined;
}

/**
 * The most bytes a route's body may have (issue 22): its own limit, 32 KiB for JSON, 1 KiB where it
 * takes none; a binary body keeps its parser's limit. Past it: 413 in the wrapper, nothing read.
 */
export function bodyLimitOf(def: RouteDef): number | undefined {
  if (def.bodyKind === 'binary') return undefined;
  return def.bodyLimit ?? (def.body ? DEFAULT_BODY_LIMIT : NO_BODY_LIMIT);
}

/**
 * Register one contract route: authentication, parsing and the wrapper are done here, once. A
 * route with a `thingsboard` path is answered there too by the same handler, its data unwrapped
 * and its errors in ThingsBoard's shape (docs/decisions/021).
 */
export function route<D extends RouteDef, P>(
  app: FastifyInstance,
  auth: Authenticator<P>,
  def: D,
  handler: (input: HandlerInput<D, P>) => Promise<z.infer<D['response']>>,
): void {
  const paths: Array<[string, boolean]> = [[API_PREFIX + def.path, false]];
  if (def.thingsboard) paths.push([def.thingsboard, true]);
  for (const [url, thingsboard] of paths) {
    const bodyLimit = bodyLimitOf(def);
    app.route({
      method: def.method,
      url,
      ...(bodyLimit ? { bodyLimit } : {}),
      config: { thingsboard },
      handler: async (req, reply) => {
        const data = await handler(await inputOf(auth, def, req));
        return reply.status(200).send(thingsboard ? data : ok(data));
      },
    });
  }
}

/** The media type of a request's body (`text/plain`), without parameters; undefined without one. */
function mediaTypeOf(req: FastifyRequest): string | undefined {
  const header = req.headers['content-type'];
  const type = (Array.isArray(header) ? header[0] : header)?.split(';')[0]?.trim().toLowerCase();
  return type || undefined;
}

/**
 * A JSON route sent a body of a type a parser still reads (text/plain, which Fastify parses as a
 * string): 415, as a type no parser takes is (the error handler). Binary routes name their own types.
 */
function checkMediaType(def: RouteDef, req: FastifyRequest): void {
  if (!def.body || def.bodyKind === 'binary' || req.body === undefined) return;
  const type = mediaTypeOf(req);
  if (type !== undefined && type !== 'application/json') throw new AppError('UNSUPPORTED_MEDIA_TYPE');
}

/** Authentication and parsing of one request to `def`, the same for every route. */
async function inputOf<D extends RouteDef, P>(
  auth: Authenticator<P>,
  def: D,
  req: FastifyRequest,
): Promise<HandlerInput<D, P>> {
  checkMediaType(def, req);
  const token = bearerToken(req);
  let principal: P | undefined;
  if (token) principal = await auth.authenticate(token);
  else if (!def.anonymous && !def.tokenOptional) throw new AppError('TOKEN_MISSING');
  const userId = (principal as { userId?: unknown } | undefined)?.userId;
  if (typeof userId === 'string') {
    noteUser(req, userId);
    const waiting = spendRequestOrWait(req.server, userId);
    if (waiting) await waiting;
  }
  return {
    req,
    principal,
    params: parse(def.params, req.params),
    query: parse(def.query, req.query),
    body: def.bodyKind === 'binary' ? req.body : parse(def.body, req.body),
  } as HandlerInput<D, P>;
}

/**
 * Register a contract route that answers a file instead of the wrapper (`responseKind`): the same
 * authentication and parsing as `route`, errors still in the wrapper; the handler sends the file.
 */
export function fileRoute<D extends RouteDef & { responseKind: 'binary' | 'csv' }, P>(
  app: FastifyInstance,
  auth: Authenticator<P>,
  def: D,
  handler: (input: HandlerInput<D, P>, reply: FastifyReply) => Promise<FastifyReply>,
): void {
  const bodyLimit = bodyLimitOf(def);
  app.route({
    method: def.method,
    url: API_PREFIX + def.path,
    ...(bodyLimit ? { bodyLimit } : {}),
    config: { thingsboard: false },
    handler: async (req, reply) => handler(await inputOf(auth, def, req), reply),
  });
}
