import { HestiaClient } from '@hestia/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type Stack, startStack } from './stack.ts';

/**
 * Issue 25, customer profile: `GET customer` is the user's own profile (the same record as
 * `users/profile`, not a copy), `PUT customer` replaces its name and optionally its time zone; bad
 * input is a 400 in the wrapper that names the field, and nobody edits another user's profile.
 */
let stack: Stack;
const tokens = {} as Record<'me' | 'other', string>;

beforeAll(async () => {
  stack = await startStack();
  for (const who of ['me', 'other'] as const) {
    await addUser(stack.server, `customer-${who}@example.com`, 'CustomerPass1');
    const client = new HestiaClient({ baseUrl: stack.server.url });
    tokens[who] = (await client.login(`customer-${who}@example.com`, 'CustomerPass1')).token;
  }
});
afterAll(() => stack?.stop());

async function call(method: string, path: string, token: string | null, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${stack.server.url}/api/v1/${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: await res.json() };
}

describe('customer', () => {
  it('reads the same profile as users/profile', async () => {
    const customer = await call('GET', 'customer', tokens.me);
    const profile = await call('GET', 'users/profile', tokens.me);
    expect(customer.status).toBe(200);
    expect(customer.body.data.email).toBe('customer-me@example.com');
    expect(customer.body).toEqual(profile.body);
  });

  it("changes the name and time zone of the caller's own profile only, seen at users/profile too", async () => {
    const before = (await call('GET', 'customer', tokens.other)).body.data;
    const put = await call('PUT', 'customer', tokens.me, {
      firstName: '  Leyla ',
      lastName: 'Karimi',
      timeZone: 'Asia/Tehran',
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ firstName: 'Leyla', lastName: 'Karimi', timeZone: 'Asia/Tehran' });
    expect((await call('GET', 'users/profile', tokens.me)).body.data).toEqual(put.body.data);
    expect((await call('GET', 'customer', tokens.other)).body.data).toEqual(before);

    // Without a time zone the time zone stays; without a last name it is emptied (a full replace).
    const again = await call('PUT', 'customer', tokens.me, { firstName: 'Ali' });
    expect(again.body.data).toMatchObject({ firstName: 'Ali', lastName: '', timeZone: 'Asia/Tehran' });
  });

  it('refuses bad input with 400 in the wrapper, naming the field, and changes nothing', async () => {
    const before = (await call('GET', 'customer', tokens.me)).body.data;
    const cases: Array<[unknown, RegExp]> = [
      [{ firstName: '   ' }, /firstName: The name cannot be empty/],
      [{ lastName: 'x' }, /firstName/],
      [{ firstName: 'x'.repeat(65) }, /firstName/],
      [{ firstName: 'A', timeZone: 'Mars/Olympus' }, /timeZone: Unknown time zone/],
      [{ firstName: 'A', email: 'new@example.com' }, /not email.*email and phone change with a code/],
      [{ firstName: 'A', phone: '+989120000000' }, /not phone/],
      [{ firstName: 7 }, /firstName/],
    ];
    for (const [body, message] of cases) {
      const r = await call('PUT', 'customer', tokens.me, body);
      expect([JSON.stringify(body), r.status, r.body.isSuccess, r.body.statusCode]).toEqual([
        JSON.stringify(body),
        400,
        false,
        400,
      ]);
      expect(r.body.message).toMatch(message);
    }
    expect((await call('GET', 'customer', tokens.me)).body.data).toEqual(before);
  });

  it('refuses both without a token', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { firstName: 'X' }],
    ] as const) {
      expect((await call(method, 'customer', null, body)).body).toMatchObject({
        statusCode: 400,
        message: 'token must exists',
      });
    }
  });
});
