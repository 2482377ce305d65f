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

/** Wrapper on every answer, errors included; never a stack trace to the client. */
export function installErrorHandling(app: FastifyInstance, opts: { serveShell: boolean }): void {
  app.setErrorHandler((err: unknown, req, reply) => {
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
    req.log.error({ err }, 'unhandled error');
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
