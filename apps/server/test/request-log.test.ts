import { HestiaClient } from '@hestia/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/demo.ts';
import { type Stack, startStack, waitFor } from './stack.ts';

/**
 * Issue 27, logs: one complete line per request (status, time, user id), the request id echoed and
 * logged, share tokens and socket tokens redacted.
 */
let stack: Stack;
const logged: string[] = [];
beforeAll(async () => {
  stack = await startStack({ LOG_LEVEL: 'info' }, { log: logged });
});
afterAll(() => stack?.stop());

/** The demo owner's access token. */
const demoToken = async () =>
  (await new HestiaClient({ baseUrl: stack.server.url }).login(DEMO_EMAIL, DEMO_PASSWORD)).token;

const lines = () => logged.flatMap((l) => l.split('\n').filter(Boolean)).map((l) => JSON.parse(l));

describe('request log', () => {
  it("echoes a caller's request id and logs one line with status, time and user", async () => {
    const token = await demoToken();
    const res = await fetch(`${stack.server.url}/api/v1/customer/devices`, {
      headers: { authorization: `Bearer ${token}`, 'x-request-id': 'trace-42.abc' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('trace-42.abc');
    await waitFor(() => lines().some((l) => l.reqId === 'trace-42.abc' && l.msg === 'request'));
    const mine = lines().filter((l) => l.reqId === 'trace-42.abc');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ method: 'GET', url: '/api/v1/customer/devices', status: 200 });
    expect(typeof mine[0].ms).toBe('number');
    expect(mine[0].userId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('makes an id when none or an unsafe one is given', async () => {
    const plain = await fetch(`${stack.server.url}/api/v1/customer/devices`);
    expect(plain.status).toBe(400); // TOKEN_MISSING
    expect(plain.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const hostile = await fetch(`${stack.server.url}/api/v1/customer/devices`, {
      headers: { 'x-request-id': `a b;${'x'.repeat(100)}` },
    });
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const id = plain.headers.get('x-request-id');
    await waitFor(() => lines().some((l) => l.reqId === id));
    const line = lines().find((l) => l.reqId === id);
    expect(line).toMatchObject({ status: 400 });
    expect(line.userId).toBeUndefined();
  });

  it('never logs a share token or a socket token', async () => {
    const token = await demoToken();
    const secret = 'ShareTokenThatMustNotBeLogged123';
    await fetch(`${stack.server.url}/api/v1/devices/shares/${secret}/finalize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    await fetch(`${stack.server.url}/share/${secret}`);
    await fetch(`${stack.server.url}/api/ws/plugins/telemetry?token=${secret}`);
    await waitFor(
      () => lines().filter((l) => l.msg === 'request' && /share|telemetry/.test(l.url)).length >= 3,
    );
    expect(logged.join('\n')).not.toContain(secret);
    expect(lines().some((l) => l.url === '/share/[redacted]')).toBe(true);
  });
});
