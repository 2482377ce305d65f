import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Stack, startStack } from './stack.ts';

/**
 * Issue 22, origins: the app's own pages and the origins CORS_ORIGINS lists may use the API and its
 * sockets; a page elsewhere may not open a socket, and gets no CORS headers; scripts and devices (no
 * Origin) are not a browser's and pass.
 */
const LISTED = 'https://dash.example.com';
let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ CORS_ORIGINS: `${LISTED}, http://localhost:5173` });
});
afterAll(() => stack?.stop());

/** Open `/api/ws` with `origin` (none when undefined): 'open', or the HTTP status it was refused with. */
function upgrade(origin: string | undefined): Promise<'open' | number> {
  const ws = new WebSocket(`${stack.server.url.replace('http', 'ws')}/api/ws`, {
    ...(origin ? { headers: { origin } } : {}),
  });
  return new Promise((resolve) => {
    ws.once('open', () => {
      ws.close();
      resolve('open');
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', () => resolve(-1));
  });
}

describe('origins', () => {
  it('opens a socket for the same origin, a listed one and no origin; refuses a foreign page', async () => {
    expect(await upgrade(stack.server.url)).toBe('open');
    expect(await upgrade(LISTED)).toBe('open');
    expect(await upgrade(undefined)).toBe('open');
    expect(await upgrade('https://evil.example.net')).toBe(403);
    expect(await upgrade('null')).toBe(403);
  });

  it('gives CORS headers to a listed origin only, and answers its preflight', async () => {
    const listed = await fetch(`${stack.server.url}/api/v1/time`, { headers: { origin: LISTED } });
    expect(listed.headers.get('access-control-allow-origin')).toBe(LISTED);
    expect(listed.headers.get('vary')).toMatch(/origin/i);
    const foreign = await fetch(`${stack.server.url}/api/v1/time`, {
      headers: { origin: 'https://evil.example.net' },
    });
    expect(foreign.status).toBe(200);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();

    const preflight = await fetch(`${stack.server.url}/api/v1/customer/devices`, {
      method: 'OPTIONS',
      headers: {
        origin: LISTED,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, x-client-id',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(LISTED);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization.*x-client-id/);
    const refused = await fetch(`${stack.server.url}/api/v1/customer/devices`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example.net', 'access-control-request-method': 'GET' },
    });
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
  });
});
