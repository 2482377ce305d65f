import { SIMULATED_ROUTER } from '@hestia/catalog';
import { ApiError, HestiaClient } from '@hestia/client';
import type { RouteName } from '@hestia/contract';
import { HOME_WIFI_PASSWORD, startUnpaired, type UnpairedDevice } from '@hestia/simulator';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { attemptCounters, devices } from '../src/db/schema.ts';
import { DeviceRepository } from '../src/modules/device/device.repository.ts';
import { newAccessToken } from '../src/seed/demo.ts';
import { addUser, loggedIn, type Stack, waitFor } from './stack.ts';

/**
 * What the onboarding tests share (issue 18, docs/decisions/026): factory records, real unpaired
 * simulated devices reached over their AP's HTTP, users, and a call's status.
 */

/** MACs count up from a random start: unique within a file's stack, apart across files and reruns. */
let macSeq = Math.floor(Math.random() * 0xe000);
let userSeq = 0;

/** A factory record as `npm run devices -- add` makes it: AP MAC, token, no owner. */
export async function factoryRecord(stack: Stack, model = 'plug-metering') {
  macSeq += 1;
  const hex = (0x1000 + (macSeq % 0xf000)).toString(16).toUpperCase();
  const mac = `A4:CF:12:D1:${hex.slice(-4, -2)}:${hex.slice(-2)}`;
  return new DeviceRepository(stack.server.database.db).create({
    ownerId: null,
    name: mac,
    label: mac,
    mac,
    profileId: model,
    accessToken: newAccessToken(),
  });
}

/** The unpaired simulated device of a factory record, its pairing AP open. */
export function unpaired(
  stack: Stack,
  record: { mac: string | null; profileId: string; accessToken: string },
): Promise<UnpairedDevice> {
  return startUnpaired({
    model: record.profileId,
    mqttUrl: stack.server.mqttUrl,
    token: record.accessToken,
    mac: record.mac as string,
    joinMs: 50,
    reopenMs: 300,
  });
}

/** The app's step on the device's AP: the home Wi-Fi and the pair key (and owner key), over HTTP. */
export async function sendWifi(device: UnpairedDevice, pairKey: string, ownerKey?: string): Promise<void> {
  const res = await fetch(`${device.apUrl}/set-device-wifi-info`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ssid: SIMULATED_ROUTER,
      password: HOME_WIFI_PASSWORD,
      pairKey,
      ...(ownerKey ? { ownerKey } : {}),
    }),
  });
  expect(res.status).toBe(200);
}

/** A new account, signed in. */
export async function newUser(stack: Stack): Promise<HestiaClient> {
  return (await newAccount(stack)).client;
}

/** A new account: its id, a signed-in client, and a session token of its own (for a socket). */
export async function newAccount(stack: Stack) {
  userSeq += 1;
  const email = `pairing-${userSeq}-${Date.now()}@example.com`;
  const user = await addUser(stack.server, email, 'Pairing-Pass-1');
  const client = await loggedIn(stack.server.url, email, 'Pairing-Pass-1');
  const { token } = await new HestiaClient({ baseUrl: stack.server.url }).login(email, 'Pairing-Pass-1');
  return { id: user.id, client, token };
}

/** The device's wrong claims counted in its hour (the claim-device limit, decision 017). */
export async function claimCount(stack: Stack, mac: string): Promise<number> {
  const [row] = await stack.server.database.db
    .select()
    .from(attemptCounters)
    .where(eq(attemptCounters.key, `claim-device:${mac}`));
  return row?.count ?? 0;
}

/** A user adds the factory record's device through its AP and names it; the device is then theirs. */
export async function addThroughAp(
  client: HestiaClient,
  record: { id: string; mac: string | null },
  device: UnpairedDevice,
  label = 'Hall plug',
): Promise<void> {
  const key = await client.call('getPairKey', { params: { mac: record.mac as string }, query: {} });
  await sendWifi(device, key.pairkey);
  await waitFor(async () => (await transfers(client)).includes(record.id));
  const home = (await client.call('assetTree', {}))[0]?.id as string;
  await client.call('postConfig', { params: { id: record.id }, body: { label, assetId: home } });
}

/** The status a call answers (200 on success) and its message. */
export async function statusOf<N extends RouteName>(
  client: HestiaClient,
  name: N,
  input: Parameters<HestiaClient['call']>[1],
): Promise<{ status: number; message: string }> {
  try {
    await client.call(name, input as never);
    return { status: 200, message: '' };
  } catch (err) {
    if (err instanceof ApiError) return { status: err.statusCode, message: err.message };
    throw err;
  }
}

/** The devices `isTransfer=true` lists for the client. */
export async function transfers(client: HestiaClient): Promise<string[]> {
  return (await client.call('listDevices', { query: { isTransfer: 'true' } })).map((d) => d.id);
}

/** The device's owner and place as stored. */
export async function stored(stack: Stack, id: string) {
  const [row] = await stack.server.database.db.select().from(devices).where(eq(devices.id, id));
  return row;
}

/** The owner (or admin) disables reconfiguration of the device: the `config_disabled` column. */
export async function setConfigDisabled(stack: Stack, id: string, on: boolean): Promise<void> {
  await stack.server.database.db.update(devices).set({ configDisabled: on }).where(eq(devices.id, id));
}
