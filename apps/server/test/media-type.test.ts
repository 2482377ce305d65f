import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/demo.ts';
import { type Stack, startStack } from './stack.ts';

/**
 * 415 for a body that is not JSON on a JSON route (docs/decisions/042): in the wrapper (or
 * ThingsBoard's shape on its paths), with its own code, whatever parser the type would reach.
 */

let stack: Stack;
let token: string;
const credentials = JSON.stringify({ username: DEMO_EMAIL, password: DEMO_PASSWORD });
const refusal = {
  data: null,
  isSuccess: false,
  message: 'Send JSON (Content-Type: application/json).',
  statusCode: 415,
};

async function send(
  path: string,
  type: string | undefined,
  body: string | undefined,
  auth?: string,
  method = 'POST',
) {
  const res = await fetch(`${stack.server.url}${path}`, {
    method,
    headers: {
      ...(type ? { 'content-type': type } : {}),
      ...(auth ? { authorization: `Bearer ${auth}` } : {}),
    },
    body,
  });
  return { status: res.status, body: await res.json() };
}

/** A body with no Content-Type at all (fetch would add text/plain). */
function sendUntyped(path: string, body: string): Promise<{ status: number; body: unknown }> {
  const url = new URL(path, stack.server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: { 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

beforeAll(async () => {
  stack = await startStack();
  token = (await send('/api/v1/users/login', 'application/json', credentials)).body.data.token;
});
afterAll(() => stack?.stop());

describe('a JSON route sent another type', () => {
  it('answers 415 in the wrapper for text, XML, a form and multipart; JSON with a charset is fine', async () => {
    for (const type of [
      'text/plain;charset=UTF-8',
      'application/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/merge-patch+json',
    ])
      expect([type, await send('/api/v1/users/login', type, credentials)]).toEqual([
        type,
        { status: 415, body: refusal },
      ]);
    const json = await send('/api/v1/users/login', 'application/json; charset=utf-8', credentials);
    expect([json.status, json.body.isSuccess]).toEqual([200, true]);
  });

  it('answers 415 on signed-in routes too, before anything is changed', async () => {
    const body = JSON.stringify({ firstName: 'Mallory' });
    expect(await send('/api/v1/customer', 'text/plain', body, token, 'PUT')).toEqual({
      status: 415,
      body: refusal,
    });
    const me = await send('/api/v1/customer', undefined, undefined, token, 'GET');
    expect(me.status).toBe(200);
    expect(me.body.data.firstName).not.toBe('Mallory');
  });

  it('answers a body without any Content-Type with 415', async () => {
    const res = await sendUntyped('/api/v1/users/login', credentials);
    expect(res).toEqual({ status: 415, body: refusal });
  });

  it("answers on ThingsBoard's paths in ThingsBoard's shape", async () => {
    const res = await send('/api/auth/login', 'text/plain', credentials);
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ status: 415, errorCode: 31, message: refusal.message });
  });

  it('leaves binary routes to their own types (a profile image as text is their 400)', async () => {
    const res = await send('/api/v1/files/upload', 'text/plain', 'hello', token);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/PNG, JPEG, WebP or PDF/);
  });
});
