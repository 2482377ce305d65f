import type { HestiaClient } from '@hestia/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/demo.ts';
import { firmwareFile, settled, simulatedWithFirmware, storePackage } from './firmware-kit.ts';
import { type Stack, startStack } from './stack.ts';

/**
 * The firmware floor (spec: minimum firmware 7.15, 'Device not up to date, contact support';
 * docs/decisions/042): a simulated device over real MQTT reporting older firmware takes no command,
 * its firmware update still works, and once it runs new firmware its commands go through.
 */

let stack: Stack;
let owner: HestiaClient;
const QUICK = { chunkSize: 1000, stepMs: 20, chunkTimeoutMs: 3000 };
const relay = (id: string) => stack.fleet.devices.get(id)?.sim.values.get('relay_1');
const turn = (id: string, value: number) =>
  owner.call('twowayRpc', {
    params: { id },
    body: { method: 'write', params: [{ Key: 'relay_1', Value: value }] },
  });

beforeAll(async () => {
  stack = await startStack();
  owner = stack.client;
  const image = firmwareFile(3000);
  const stored = await storePackage(stack, {
    profile: 'plug-basic',
    version: '8.0',
    data: image.bytes.toString('base64'),
  });
  expect(stored.status).toBe(200);
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

describe('the firmware floor', () => {
  it('refuses commands to a device below 7.15 (409 in the wrapper, nothing sent); an update lifts it', async () => {
    const plug = await simulatedWithFirmware(stack, owner, 'plug-basic', '7.9', QUICK);
    const before = relay(plug);
    const next = before === 1 ? 0 : 1;
    const res = await fetch(`${stack.server.url}/api/v1/devices/${plug}/twoway-rpc`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${(await owner.login(DEMO_EMAIL, DEMO_PASSWORD)).token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ method: 'write', params: [{ Key: 'relay_1', Value: next }] }),
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      data: null,
      isSuccess: false,
      message: 'Device not up to date, contact support.',
      statusCode: 409,
    });
    await expect(
      owner.call('onewayRpc', {
        params: { id: plug },
        body: { method: 'write', params: [{ Key: 'relay_1', Value: next }] },
      }),
    ).rejects.toMatchObject({ statusCode: 409, message: 'Device not up to date, contact support.' });
    await new Promise((r) => setTimeout(r, 200));
    expect(relay(plug)).toBe(before);

    // The way out stays open: the owner updates it, then it takes commands.
    await owner.call('updateFirmware', { params: { id: plug } });
    expect((await settled(owner, plug, 'UPDATED')).currentVersion).toBe('8.0');
    expect(await turn(plug, next)).toEqual({ result: 'OK' });
    expect(relay(plug)).toBe(next);
  }, 30_000);

  it('takes commands from a device at exactly 7.15', async () => {
    const plug = await simulatedWithFirmware(stack, owner, 'plug-basic', '7.15', QUICK);
    const next = relay(plug) === 1 ? 0 : 1;
    expect(await turn(plug, next)).toEqual({ result: 'OK' });
    expect(relay(plug)).toBe(next);
  });
});
