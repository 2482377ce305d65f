import { CLIENT_ID_HEADER, COMPANY_HEADER, REFRESH_IN_COOKIE_HEADER } from '@hestia/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_ID_HEADER } from './request-log.ts';

/**
 * Which web pages may use the API and its sockets (issue 22).
 *
 * - The app's own pages always may (same origin: the `Origin` names the host the request came to).
 * - Other origins only when listed in `CORS_ORIGINS` (comma-separated, e.g. a dashboard served
 *   elsewhere, or Vite's dev server, which `npm run dev` lists): their requests get CORS headers and
 *   their preflights are answered; an unlisted origin gets none, so the browser keeps the answer
 *   from it.
 * - A WebSocket upgrade from a foreign page is refused outright (browsers do not apply CORS to
 *   sockets, so a page elsewhere could otherwise open one with the user's cookies; Hestia's sockets
 *   take their token in the first message or the query, but refusing is cheaper than trusting that).
 * - Requests without an `Origin` (devices, scripts, ThingsBoard tools) are not a browser's and pass.
 */

const ALLOWED_HEADERS = [
  'authorization',
  'x-authorization',
  'content-type',
  CLIENT_ID_HEADER,
  COMPANY_HEADER,
  REFRESH_IN_COOKIE_HEADER,
  REQUEST_ID_HEADER,
].join(', ');

function sameOrigin(req: FastifyRequest, origin: string): boolean {
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

function refuse(reply: FastifyReply, message: string) {
  return reply.code(403).send({ data: null, isSuccess: false, message, statusCode: 403 });
}

export function installOrigins(app: FastifyInstance, allowed: readonly string[]): void {
  const listed = new Set(allowed);
  app.addHook('onRequest', async (req, reply) => {
    const origin = req.headers.origin;
    if (!origin || sameOrigin(req, origin)) return;
    const ok = listed.has(origin);
    if (req.headers.upgrade?.toLowerCase() === 'websocket') {
      if (!ok) {
        // The upgrade's socket is nobody's once refused: close it when the answer is written.
        reply.raw.once('finish', () => req.raw.socket.destroy());
        return refuse(reply, 'A page from another origin may not open this socket');
      }
      return;
    }
    if (!ok || !req.url.startsWith('/api/')) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    reply.header('access-control-expose-headers', REQUEST_ID_HEADER);
    reply.header('vary', 'origin');
    if (req.method === 'OPTIONS') {
      reply.header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE');
      reply.header('access-control-allow-headers', ALLOWED_HEADERS);
      reply.header('access-control-max-age', '600');
      return reply.code(204).send();
    }
  });
}
