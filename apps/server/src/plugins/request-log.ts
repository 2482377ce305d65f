import { randomUUID } from 'node:crypto';
import { type FastifyInstance, type FastifyRequest, LogController } from 'fastify';

/**
 * One complete log line per request, and a request id a caller can follow (issue 27).
 *
 * - An incoming `x-request-id` of up to 64 safe characters is kept (a proxy's or a client's), any
 *   other is replaced by a new UUID; the id is echoed on the answer and is the log line's `reqId`.
 * - Fastify's two lines per request (incoming, completed) become one, written when the answer is
 *   sent: method, redacted URL, status, time in ms, and the user id when the caller was known.
 * - Secrets in addresses are redacted: `token`/`accessToken` query values (the sockets) and share
 *   tokens in paths (`/share/{token}`, `/devices/shares/{token}/finalize`; decision 007).
 */

export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The id of a request: the caller's, when it is a short safe text, else a new one. */
export function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}

/** An address as it may be logged: no tokens, in the query or in a share link's path. */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|accessToken)=)[^&#]*/gi, '$1[redacted]')
    .replace(/(\/share\/)[^/?#]+/g, '$1[redacted]')
    .replace(/(\/devices\/shares\/)[^/?#]+/g, '$1[redacted]');
}

/** The user a request was made by, set by the route layer once the caller is known. */
const USER = Symbol('hestia.userId');
type WithUser = FastifyRequest & { [USER]?: string };

export function noteUser(req: FastifyRequest, userId: string): void {
  (req as WithUser)[USER] = userId;
}

/** Fastify options for the two halves above (spread into `Fastify({...})`). */
export const requestLogOptions = {
  genReqId: requestId,
  logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'reqId' }),
};

/** Echo the id and write the one line per request. */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });
  app.addHook('onResponse', async (req, reply) => {
    const status = reply.statusCode;
    const line = {
      method: req.method,
      url: redactUrl(req.url),
      status,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ...((req as WithUser)[USER] ? { userId: (req as WithUser)[USER] } : {}),
    };
    if (status >= 500) req.log.error(line, 'request');
    else req.log.info(line, 'request');
  });
}
