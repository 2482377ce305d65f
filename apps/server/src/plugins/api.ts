import {
  API_PREFIX,
  type ErrorCode,
  errorCatalog,
  fail,
  httpStatusOf,
  ok,
  type RouteDef,
} from '@hestia/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors.ts';
import type { AuthService, Principal } from '../services/auth.service.ts';
import { RateLimitedError } from '../services/rate-limiter.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

function sendError(reply: FastifyReply, code: ErrorCode, message?: string): FastifyReply {
  const status = errorCatalog[code].status;
  return reply.status(httpStatusOf(code)).send(fail(message ?? errorCatalog[code].message, status));
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
export function installErrorHandling(app: FastifyInstance, opts: { serveShell: boolean }): void {
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
    if (err instanceof AppError) return sendError(reply, err.code, err.message);
    const e = err as { statusCode?: number; code?: string; message?: string };
    if (e.statusCode === 413) return reply.status(413).send(fail('The request is too large.', 413));
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      const message =
        e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Send JSON (Content-Type: application/json).'
          : 'The request body is not valid JSON.';
      return reply
        .status(400)
        .send(fail(e.code?.startsWith('FST_ERR_CTP') ? message : errorCatalog.VALIDATION.message, 400));
    }
    req.log.error({ err: loggableError(err) }, 'unhandled error');
    return sendError(reply, 'INTERNAL');
  });
  app.setNotFoundHandler((req, reply) => {
    // Client-side routes of the web app get its shell; API paths and missing files keep the JSON 404.
    const path = req.url.split('?')[0] ?? '';
    if (opts.serveShell && req.method === 'GET' && !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path)) {
      return reply.type('text/html').sendFile('index.html');
    }
    return sendError(reply, 'NOT_FOUND');
  });
}

interface HandlerInput<D extends RouteDef> {
  req: FastifyRequest;
  principal: D['anonymous'] extends true ? Principal | undefined : Principal;
  params: D['params'] extends z.ZodTypeAny ? z.infer<D['params']> : undefined;
  query: D['query'] extends z.ZodTypeAny ? z.infer<D['query']> : undefined;
  body: D['body'] extends z.ZodTypeAny ? z.infer<D['body']> : undefined;
}

function parse<S extends z.ZodTypeAny | undefined>(schema: S, value: unknown): unknown {
  if (!schema) return undefined;
  const r = schema.safeParse(value ?? {});
  if (!r.success) throw new AppError('VALIDATION', zodMessage(r.error));
  return r.data;
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(header);
  return m?.[1];
}

/** Register one contract route: authentication, parsing and the wrapper are done here, once. */
export function route<D extends RouteDef>(
  app: FastifyInstance,
  auth: AuthService,
  def: D,
  handler: (input: HandlerInput<D>) => Promise<z.infer<D['response']>>,
): void {
  app.route({
    method: def.method,
    url: API_PREFIX + def.path,
    handler: async (req, reply) => {
      const token = bearerToken(req);
      let principal: Principal | undefined;
      if (token) principal = await auth.authenticate(token);
      else if (!def.anonymous) throw new AppError('TOKEN_MISSING');
      const input = {
        req,
        principal,
        params: parse(def.params, req.params),
        query: parse(def.query, req.query),
        body: parse(def.body, req.body),
      } as HandlerInput<D>;
      const data = await handler(input);
      return reply.status(200).send(ok(data));
    },
  });
}
