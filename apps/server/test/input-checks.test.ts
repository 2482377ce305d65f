import { messages } from '@hestia/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errSerializer } from '../src/plugins/api.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/demo.ts';
import { addUser, type Stack, startStack } from './stack.ts';

/**
 * Issue 26, item 7 (text the database cannot hold is a 400, and a failed statement's parameters never
 * reach the log) and item 9 (common passwords, device ids in automations).
 */
let stack: Stack;
let token: string;
/** What the server logged, at its default level's neighbour (errors). */
const logged: string[] = [];
beforeAll(async () => {
  stack = await startStack({ LOG_LEVEL: 'error' }, { log: logged });
  token = (await stack.client.login(DEMO_EMAIL, DEMO_PASSWORD)).token;
});
afterAll(() => stack?.stop());

const send = (path: string, init: { method?: string; body?: string; auth?: boolean } = {}) =>
  fetch(`${stack.server.url}/api/v1${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.auth ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(init.body !== undefined ? { body: init.body } : {}),
  }).then(async (r) => ({ status: r.status, body: await r.json() }));

describe('text the database cannot hold (item 7)', () => {
  it('answers 400 for a NUL character or a lone surrogate in a body, anywhere', async () => {
    stack.advance(61_000);
    // Raw JSON text, so the escapes reach the server as the attacker wrote them.
    const cases: Array<[string, string, boolean]> = [
      [
        '/users/register',
        '{"username":"nul@example.com","password":"Nul7Chars","firstName":"a\\u0000b"}',
        false,
      ],
      [
        '/users/register',
        '{"username":"half@example.com","password":"Half7Chars","firstName":"a\\ud800b"}',
        false,
      ],
      [
        '/users/register',
        '{"username":"low@example.com","password":"Low7Chars","lastName":"\\udc00"}',
        false,
      ],
      ['/users/login', '{"username":"x\\u0000@example.com","password":"x"}', false],
      ['/automations', '{"name":"n\\u0000","conditions":[],"commands":[]}', true],
    ];
    for (const [path, body, auth] of cases) {
      const res = await send(path, { body, auth });
      expect(res.status, `${path} ${body}`).toBe(400);
      expect(res.body).toMatchObject({ data: null, isSuccess: false, statusCode: 400 });
      expect(res.body.message).toMatch(/NUL characters or unpaired surrogates/);
    }
    // A name, changed through the profile route that parses its own body.
    const named = await send('/users/profile/Name/update', {
      method: 'PATCH',
      body: '{"firstName":"Eve\\u0000"}',
      auth: true,
    });
    // Nothing of it reached the database, so the log holds no statement and no hash.
    expect(logged.join('\n')).not.toMatch(/argon2|params|Failed query/);
    expect(named).toMatchObject({
      status: 400,
      body: { message: 'firstName: Text may not contain NUL characters or unpaired surrogates.' },
    });
  });

  it('answers 400 for one in a query or a path', async () => {
    // A device list filtered by a profile id with a NUL in it was a 500.
    const q = await send('/customer/devices?profileId=a%00b', { auth: true });
    expect(q).toMatchObject({
      status: 400,
      body: { message: 'profileId: Text may not contain NUL characters or unpaired surrogates.' },
    });
    const p = await send('/automations/%00', { auth: true });
    expect(p).toMatchObject({
      status: 400,
      body: { message: 'id: Text may not contain NUL characters or unpaired surrogates.' },
    });
  });

  it('answers an address the router cannot read in the wrapper: bad UTF-8, a part too long (issue 22)', async () => {
    // Found by fuzz-routes.test.ts: the router's own errors came back in Fastify's shape.
    expect(await send('/automations/x%ED%A0%80', { auth: true })).toEqual({
      status: 400,
      body: {
        data: null,
        isSuccess: false,
        statusCode: 400,
        message: 'The address is not valid: a part of it is not valid percent-encoded UTF-8.',
      },
    });
    expect(await send(`/automations/${'a'.repeat(300)}`, { auth: true })).toMatchObject({
      status: 400,
      body: { isSuccess: false, statusCode: 400, message: 'A part of the address is too long.' },
    });
    // ThingsBoard's paths answer in ThingsBoard's shape.
    const tb = await fetch(`${stack.server.url}/api/plugins/rpc/twoway/${'a'.repeat(300)}`, {
      method: 'POST',
    });
    expect(tb.status).toBe(400);
    expect(await tb.json()).toMatchObject({ status: 400, message: 'A part of the address is too long.' });
  });

  it('limits each route body to what it needs: 32 KiB for JSON, 1 KiB without a body, 256 KiB for device data (issue 22)', async () => {
    const big = (bytes: number) => JSON.stringify({ label: 'x'.repeat(bytes) });
    const rename = await fetch(`${stack.server.url}/api/v1/devices/${stack.ids.plug}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: big(40 * 1024),
    });
    expect(rename.status).toBe(413);
    expect(await rename.json()).toEqual({
      data: null,
      isSuccess: false,
      statusCode: 413,
      message: 'The request is too large.',
    });
    // A route that takes no body refuses a large one before reading it, and takes a stray small one.
    const del = await fetch(`${stack.server.url}/api/v1/automations/${crypto.randomUUID()}`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: big(4 * 1024),
    });
    expect(del.status).toBe(413);
    expect((await send('/users/sessions/online', { body: '{}', auth: true })).status).toBeLessThan(300);
    // Device data written like a device may be as large as a device's message.
    const values = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`k${i}`, 'v'.repeat(100)]));
    const telemetry = await fetch(
      `${stack.server.url}/api/v1/telemetry/DEVICE/${stack.ids.plug}/timeseries/ANY`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(values),
      },
    );
    expect(telemetry.status).not.toBe(413);
  });

  it('a pair of surrogates (an emoji) is text like any other', async () => {
    stack.advance(61_000);
    const res = await send('/users/register', {
      body: JSON.stringify({ username: 'emoji@example.com', password: 'Emoji7Chars', firstName: 'Ada 🏠' }),
    });
    expect(res.status).toBe(200);
  });

  it('logs a failed statement without its parameters (a hash or an HMAC may be among them)', async () => {
    const secret = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0$notarealhash';
    const err = await stack.server.database.db
      .execute(sql`select ${secret}::int as n`)
      .then(() => undefined)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    // The error as it comes from the driver carries it …
    expect(`${(err as Error).message} ${JSON.stringify(err)}`).toContain(secret);
    // … what the logger writes does not (the database's own message quotes the value too), but keeps
    // the statement and the SQLSTATE code.
    const serialized = JSON.stringify(errSerializer(err));
    expect(serialized).not.toContain(secret);
    expect(serialized).not.toContain('argon2');
    expect(serialized).toContain('select $1::int');
    expect(serialized).toContain('22P02');
    // The server's own logger uses it.
    stack.server.app.log.error({ err }, 'a statement failed');
    const line = logged.find((l) => l.includes('a statement failed')) as string;
    expect(line).toContain('22P02');
    expect(line).not.toContain('argon2');
  });
});

describe('common passwords (item 9)', () => {
  it('refuses Passw0rd and friends at sign-up, reset and change, with their own message', async () => {
    stack.advance(61_000);
    const signUp = await send('/users/register', {
      body: JSON.stringify({ username: 'common@example.com', password: 'Passw0rd' }),
    });
    expect(signUp).toMatchObject({ status: 400, body: { message: `password: ${messages.commonPassword}` } });
    await addUser(stack.server, 'changer@example.com', 'Changer7Pass');
    const login = await send('/users/login', {
      body: JSON.stringify({ username: 'changer@example.com', password: 'Changer7Pass' }),
    });
    const changed = await fetch(`${stack.server.url}/api/v1/users/change-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${login.body.data.token}` },
      body: JSON.stringify({ currentPassword: 'Changer7Pass', newPassword: 'Password1' }),
    }).then(async (r) => ({ status: r.status, body: await r.json() }));
    expect(changed).toMatchObject({
      status: 400,
      body: { message: `newPassword: ${messages.commonPassword}` },
    });
    const reset = await send('/user/reset-password', {
      body: JSON.stringify({ username: 'changer@example.com', code: '123456', password: 'Qwerty123' }),
    });
    expect(reset).toMatchObject({ status: 400, body: { message: `password: ${messages.commonPassword}` } });
  });
});

describe('device ids in automations (item 9)', () => {
  it('answers 400, not 500, for a device id that is not a UUID, in a command or a condition', async () => {
    const command = await send('/automations', {
      auth: true,
      body: JSON.stringify({
        name: 'Bad id',
        conditions: [],
        commands: [{ deviceId: 'not-a-uuid', deviceParameterId: 'relay_1', value: 1 }],
      }),
    });
    expect(command).toMatchObject({
      status: 400,
      body: { message: 'commands.0.deviceId: deviceId must be a UUID' },
    });
    const condition = await send('/scenarios', {
      auth: true,
      body: JSON.stringify({
        name: 'Bad id',
        conditions: [{ conditionType: 0, deviceId: "1' or '1'='1", deviceParameterId: 'relay_1', value: 1 }],
        commands: [{ deviceId: stack.ids.switch, deviceParameterId: 'relay_1', value: 1 }],
      }),
    });
    expect(condition).toMatchObject({
      status: 400,
      body: { message: 'conditions.0.deviceId: deviceId must be a UUID' },
    });
  });
});
