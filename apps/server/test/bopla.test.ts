import { routes } from '@hestia/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assets, devices, users } from '../src/db/schema.ts';
import { AssetRepository } from '../src/modules/asset/asset.repository.ts';
import { DeviceRepository } from '../src/modules/device/device.repository.ts';
import { newAccessToken } from '../src/seed/demo.ts';
import type { JsonSchema } from './fuzz-kit.ts';
import { addUser, type Stack, startStack } from './stack.ts';

/**
 * Issue 22, broken object property level authorisation: no field that says whose an object is can
 * be written through any body, and no query reads another user's objects by naming them. The
 * contract is checked as a whole; the routes that write objects are tried with such fields.
 */
const PASSWORD = 'Bopla-Pass-2024';
let stack: Stack;
const alice = { id: '', token: '', deviceId: '', placeId: '' };
const bob = { id: '', token: '', deviceId: '', placeId: '' };

async function login(email: string): Promise<string> {
  const res = await stack.server.app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { username: email, password: PASSWORD },
  });
  return (res.json() as { data: { token: string } }).data.token;
}

async function userWithThings(who: typeof alice, name: string) {
  const db = stack.server.database.db;
  const email = `${name}-${Date.now().toString(36)}@example.com`;
  who.id = (await addUser(stack.server, email, PASSWORD)).id;
  who.placeId = (
    await new AssetRepository(db).create({ ownerId: who.id, name: `${name}'s home`, type: 'place' })
  ).id;
  who.deviceId = (
    await new DeviceRepository(db).create({
      ownerId: who.id,
      name: `${name}'s plug`,
      label: `${name}'s plug`,
      profileId: 'plug-metering',
      accessToken: newAccessToken(),
    })
  ).id;
  who.token = await login(email);
}

beforeAll(async () => {
  stack = await startStack();
  await userWithThings(alice, 'alice');
  await userWithThings(bob, 'bob');
}, 120_000);
afterAll(() => stack?.stop());

const call = (token: string, method: string, url: string, payload?: unknown) =>
  stack.server.app
    .inject({
      method: method as 'GET',
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload !== undefined ? { payload: payload as object } : {}),
    })
    .then((r) => ({ status: r.statusCode, body: r.json() as { data: unknown } }));

/** Every property name a schema takes, at any depth. */
function propertyNames(s: JsonSchema | undefined, into = new Set<string>()): Set<string> {
  if (!s) return into;
  for (const [k, v] of Object.entries(s.properties ?? {})) {
    into.add(k);
    propertyNames(v, into);
  }
  for (const sub of [
    s.items,
    ...(s.anyOf ?? []),
    ...(s.oneOf ?? []),
    ...(s.allOf ?? []),
    ...(s.prefixItems ?? []),
  ])
    propertyNames(sub, into);
  if (s.additionalProperties && typeof s.additionalProperties === 'object')
    propertyNames(s.additionalProperties, into);
  return into;
}

/** Whether an object anywhere in the schema takes keys it does not name. */
function openEnded(s: JsonSchema | undefined): boolean {
  if (!s) return false;
  if (s.type === 'object' && s.additionalProperties !== undefined && s.additionalProperties !== false)
    return true;
  return [
    s.items,
    ...Object.values(s.properties ?? {}),
    ...(s.anyOf ?? []),
    ...(s.oneOf ?? []),
    ...(s.allOf ?? []),
    ...(s.prefixItems ?? []),
  ].some(openEnded);
}

describe('object properties no caller may set or read (issue 22)', () => {
  it('no route takes a field naming an owner, a user or a secret of the record, and only device data is open-ended', () => {
    const owning =
      /^(owner|ownerId|owner_id|userId|user_id|createdBy|passwordHash|role|isAdmin|accessToken|createdAt)$/;
    const open: string[] = [];
    const named: string[] = [];
    for (const [name, def] of Object.entries(routes)) {
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = (def as Record<string, unknown>)[part];
        if (!schema) continue;
        const json = z.toJSONSchema(schema as z.ZodType, {
          io: 'input',
          unrepresentable: 'any',
        }) as JsonSchema;
        for (const p of propertyNames(json)) if (owning.test(p)) named.push(`${name}.${part}.${p}`);
        if (openEnded(json)) open.push(name);
      }
    }
    expect(named).toEqual([]);
    // Telemetry and attributes are the device's own keys, by ThingsBoard's design; nothing else.
    expect(open.sort()).toEqual(['saveAttributes', 'saveAttributesV1', 'saveTelemetry']);
  });

  it('ignores ownership and secrets sent in the bodies that write devices, places and profiles', async () => {
    const db = stack.server.database.db;
    const [before] = await db.select().from(devices).where(eq(devices.id, alice.deviceId));
    const sneaky = {
      ownerId: bob.id,
      owner_id: bob.id,
      userId: bob.id,
      accessToken: 'stolen',
      id: bob.deviceId,
    };
    expect(
      (await call(alice.token, 'PUT', `/devices/${alice.deviceId}`, { label: 'Renamed', ...sneaky })).status,
    ).toBe(200);
    const [after] = await db.select().from(devices).where(eq(devices.id, alice.deviceId));
    expect(after).toMatchObject({ ownerId: alice.id, accessToken: before?.accessToken, label: 'Renamed' });
    const [bobs] = await db.select().from(devices).where(eq(devices.id, bob.deviceId));
    expect(bobs).toMatchObject({ ownerId: bob.id, label: "bob's plug" });

    const added = await call(alice.token, 'POST', '/customer/assets', {
      name: 'Attic',
      ...sneaky,
      isDefault: true,
    });
    expect(added.status).toBe(200);
    const rows = await db.select().from(assets).where(eq(assets.name, 'Attic'));
    expect(rows.map((r) => r.ownerId)).toEqual([alice.id]);
    // Editing names the place by id: Bob's id in Alice's body edits nothing of Bob's.
    const edit = await call(alice.token, 'PUT', '/customer/assets', {
      id: bob.placeId,
      name: 'Mine now',
      ownerId: alice.id,
    });
    expect(edit.status).toBe(404);
    const [bobPlace] = await db.select().from(assets).where(eq(assets.id, bob.placeId));
    expect(bobPlace).toMatchObject({ ownerId: bob.id, name: "bob's home" });

    const [me] = await db.select().from(users).where(eq(users.id, alice.id));
    await call(alice.token, 'PATCH', '/users/profile/firstName/update', {
      value: 'Alice',
      firstName: 'Alice',
      email: 'taken@example.com',
      passwordHash: 'x',
      id: bob.id,
    });
    const [meAfter] = await db.select().from(users).where(eq(users.id, alice.id));
    expect(meAfter).toMatchObject({ email: me?.email, passwordHash: me?.passwordHash });
    const [bobUser] = await db.select().from(users).where(eq(users.id, bob.id));
    expect(bobUser?.firstName ?? null).not.toBe('Alice');
  });

  it("reads nothing of another user's by naming their objects in a query", async () => {
    const asks: Array<[string, string]> = [
      ['devices in their place', `/customer/devices?assetId=${bob.placeId}`],
      ['their place by id', `/customer/assets?assetId=${bob.placeId}`],
      ['timers of their device', `/timers?deviceId=${bob.deviceId}`],
      ['schedules of their device', `/schedules?deviceId=${bob.deviceId}`],
      ['shares of their device', `/shares?deviceId=${bob.deviceId}`],
      ['automations on their device', `/automations?device_id=${bob.deviceId}`],
    ];
    for (const [what, url] of asks) {
      const res = await call(alice.token, 'GET', url);
      const text = JSON.stringify(res.body.data ?? null);
      expect(res.status, what).toBeLessThan(500);
      expect(text.includes(bob.deviceId) || text.includes(bob.placeId) || text.includes("bob's"), what).toBe(
        false,
      );
    }
  });
});
