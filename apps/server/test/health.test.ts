import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack } from './stack.ts';

/**
 * Issue 25: `alive` (the app's connectivity ping) and `health` (each part up or down, for operators),
 * both anonymous; a closed database shows as down with a 503 in the wrapper, and no answer tells an
 * address, a version or a secret.
 */
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ JWT_SECRET: 'health-test-secret-that-must-never-leak-0123456789' });
});
afterAll(() => stack?.stop());

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${stack.server.url}/api/v1/${path}`, { headers });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as Record<string, unknown> };
};

/** Nothing an operator's probe or a stranger should learn: addresses, ports, versions, secrets. */
function expectNothingTold(text: string) {
  const mqttPort = new URL(stack.server.mqttUrl).port;
  const httpPort = new URL(stack.server.url).port;
  expect(text).not.toContain('127.0.0.1');
  expect(text).not.toContain('mqtt');
  expect(text).not.toContain(mqttPort);
  expect(text).not.toContain(httpPort);
  expect(text).not.toContain('health-test-secret');
  expect(text).not.toMatch(/\d+\.\d+/);
  expect(text.toLowerCase()).not.toMatch(/pglite|postgres|redis|memory:|version/);
}

describe('connectivity', () => {
  it('answers alive with 200 in the wrapper, without a token, and quickly', async () => {
    const started = Date.now();
    const { status, body } = await get('alive');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(status).toBe(200);
    expect(body).toEqual({ data: { alive: true }, isSuccess: true, message: 'OK', statusCode: 200 });
  });

  it('answers health without a token: every part up, 200, nothing else told', async () => {
    const { status, body, text } = await get('health');
    expect(status).toBe(200);
    expect(body).toEqual({
      data: { status: 'up', database: 'up', broker: 'up', bus: 'up' },
      isSuccess: true,
      message: 'OK',
      statusCode: 200,
    });
    expectNothingTold(text);
  });

  it('says the database is down, with a 503 in the wrapper, once the database is closed', async () => {
    await stack.server.database.close();
    const started = Date.now();
    const { status, body, text } = await get('health');
    // Each check waits at most a second: a probe is never left hanging.
    expect(Date.now() - started).toBeLessThan(3000);
    expect(status).toBe(503);
    expect(body).toEqual({
      data: { status: 'down', database: 'down', broker: 'up', bus: 'up' },
      isSuccess: false,
      message: 'A part of the server is down; try again later.',
      statusCode: 503,
    });
    expectNothingTold(text);
    // The ping needs no database: the server can still be reached.
    expect((await get('alive')).status).toBe(200);
  });
});
