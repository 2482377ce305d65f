import type { HestiaClient } from '@hestia/client';
import { firmwareTopics, MAX_FIRMWARE_BYTES, tbTopics } from '@hestia/contract';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firmwareFile, settled, simulatedWithFirmware, storePackage } from './firmware-kit.ts';
import { addDevice, addUser, loggedIn, type Stack, shareWith, startStack, waitFor } from './stack.ts';

/**
 * Firmware over the air (issue 20) with the test stack and simulated devices over real MQTT: the
 * operator stores a package, the owner updates, the device downloads it in ThingsBoard's chunks and
 * reports its states; failures of size and checksum; who may update what.
 */

let stack: Stack;
let owner: HestiaClient;
let sharee: HestiaClient;
let stranger: HestiaClient;
/** The plug's new firmware: 4,500 bytes, so 1,000-byte chunks make four whole ones and a short one. */
const image = firmwareFile(4500);
const QUICK = { chunkSize: 1000, stepMs: 20, chunkTimeoutMs: 3000 };

beforeAll(async () => {
  stack = await startStack();
  owner = stack.client;
  for (const who of ['fw-sharee', 'fw-stranger'])
    await addUser(stack.server, `${who}@example.com`, 'FirmwarePass1');
  sharee = await loggedIn(stack.server.url, 'fw-sharee@example.com', 'FirmwarePass1');
  stranger = await loggedIn(stack.server.url, 'fw-stranger@example.com', 'FirmwarePass1');
  const stored = await storePackage(stack, {
    profile: 'plug-basic',
    version: '8.0',
    data: image.bytes.toString('base64'),
  });
  expect(stored.body).toMatchObject({
    isSuccess: true,
    data: { profile: 'plug-basic', title: 'plug-basic', version: '8.0', size: 4500, checksum: image.sha256 },
  });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

describe('a firmware update', () => {
  it('goes INITIATED, DOWNLOADING with percent, DOWNLOADED, VERIFYING, UPDATING, then UPDATED after a reboot', async () => {
    const plug = await simulatedWithFirmware(stack, owner, 'plug-basic', '7.15', QUICK);
    const before = await owner.call('firmwareStatus', { params: { id: plug } });
    expect(before).toMatchObject({
      currentVersion: '7.15',
      available: { version: '8.0', size: 4500 },
      targetVersion: null,
      state: null,
      owner: true,
      online: true,
    });
    const sent = await owner.call('updateFirmware', { params: { id: plug } });
    // The answer comes as the device starts (it may already be downloading).
    expect(sent).toMatchObject({
      targetVersion: '8.0',
      state: expect.stringMatching(/^(INITIATED|DOWNLOADING)$/),
      requestedAt: expect.any(Number),
    });
    const done = await settled(owner, plug, 'UPDATED');
    expect(done).toMatchObject({ currentVersion: '8.0', available: null, error: null, targetVersion: '8.0' });
    const device = stack.fleet.devices.get(plug);
    // Percent after each chunk: 22, 44, 66, 88, 100 of 4,500 bytes.
    expect(device?.ota.reported).toEqual([
      'INITIATED',
      'DOWNLOADING',
      ...Array(5).fill('DOWNLOADING'),
      'DOWNLOADED',
      'VERIFYING',
      'UPDATING',
      'UPDATED',
    ]);
    expect(device?.ota.current()).toEqual({ title: 'plug-basic', version: '8.0' });
    // The device's shared attributes, as ThingsBoard sets them.
    const attrs = await owner.call('attributesByScope', {
      params: { entityType: 'DEVICE', entityId: plug, scope: 'SHARED_SCOPE' },
      query: {},
    });
    expect(Object.fromEntries(attrs.map((a) => [a.key, a.value]))).toEqual({
      fw_title: 'plug-basic',
      fw_version: '8.0',
      fw_size: 4500,
      fw_checksum: image.sha256,
      fw_checksum_algorithm: 'SHA256',
    });
    // Nothing newer now: the owner is told so.
    await expect(owner.call('updateFirmware', { params: { id: plug } })).rejects.toMatchObject({
      statusCode: 409,
      message: 'No newer firmware for this device: it is up to date.',
    });
  });

  it('stores a package of the largest size (4 MiB) and a device downloads it whole, the database still up', async () => {
    // A 2 MB package once ran the embedded database thread out of heap (PGlite's byte-by-byte bytea
    // serializer) and stopped the server; bytes now go in and out as hex made in one step.
    const big = firmwareFile(MAX_FIRMWARE_BYTES);
    const stored = await storePackage(stack, {
      profile: 'plug-metering',
      version: '9.0',
      data: big.bytes.toString('base64'),
    });
    expect(stored.body).toMatchObject({
      isSuccess: true,
      data: { size: MAX_FIRMWARE_BYTES, checksum: big.sha256 },
    });
    const plug = await simulatedWithFirmware(stack, owner, 'plug-metering', '7.15', {
      ...QUICK,
      chunkSize: 256 * 1024,
    });
    await owner.call('updateFirmware', { params: { id: plug } });
    // The device checks the SHA-256 of what it got before UPDATED: the bytes came back intact.
    expect(await settled(owner, plug, 'UPDATED')).toMatchObject({ currentVersion: '9.0', error: null });
    expect(stack.fleet.devices.get(plug)?.ota.reported.filter((s) => s === 'DOWNLOADING').length).toBe(17);
  });

  it('fails on a checksum that does not match, says why, and succeeds when tried again', async () => {
    const plug = await simulatedWithFirmware(stack, owner, 'plug-basic', '7.15', {
      ...QUICK,
      corrupt: 'checksum',
    });
    await owner.call('updateFirmware', { params: { id: plug } });
    const failed = await settled(owner, plug, 'FAILED');
    expect(failed.error).toMatch(/^CHECKSUM_ERROR: SHA256 [0-9a-f]{64} is not [0-9a-f]{64}$/);
    expect(failed.currentVersion).toBe('7.15');
    const device = stack.fleet.devices.get(plug);
    expect(device?.ota.reported.slice(-3)).toEqual(['DOWNLOADED', 'VERIFYING', 'FAILED']);
    if (device) device.ota.settings.corrupt = null;
    const again = await owner.call('updateFirmware', { params: { id: plug } });
    expect(again).toMatchObject({ state: expect.stringMatching(/^(INITIATED|DOWNLOADING)$/), error: null });
    expect(await settled(owner, plug, 'UPDATED')).toMatchObject({ currentVersion: '8.0' });
  });

  it('fails on a size that does not match, and at any step it is told to', async () => {
    const plug = await simulatedWithFirmware(stack, owner, 'plug-basic', '7.15', {
      ...QUICK,
      corrupt: 'size',
    });
    await owner.call('updateFirmware', { params: { id: plug } });
    expect((await settled(owner, plug, 'FAILED')).error).toBe(
      'SIZE_ERROR: received 4499 bytes, expected 4500',
    );
    const device = stack.fleet.devices.get(plug);
    if (!device) throw new Error('no device');
    device.ota.settings.corrupt = null;
    for (const step of ['INITIATED', 'DOWNLOADING', 'UPDATING'] as const) {
      device.ota.settings.failAt = step;
      await owner.call('updateFirmware', { params: { id: plug } });
      const failed = await settled(owner, plug, 'FAILED');
      expect([step, failed.error]).toEqual([step, `Simulated failure at ${step}`]);
      expect(device.ota.reported.at(-2)).toBe(step);
    }
    expect(device.ota.current()).toEqual({ title: 'plug-basic', version: '7.15' });
  });
});

describe('who may update', () => {
  it('refuses shared users (403), strangers (404), offline devices and devices without a newer package', async () => {
    const plug = await simulatedWithFirmware(stack, owner, 'plug-basic', '7.15', QUICK);
    await shareWith(owner, plug, sharee, 'control');
    await expect(sharee.call('updateFirmware', { params: { id: plug } })).rejects.toMatchObject({
      statusCode: 403,
      message: 'Firmware update is not possible on a shared device.',
    });
    expect(await sharee.call('firmwareStatus', { params: { id: plug } })).toMatchObject({ owner: false });
    for (const call of ['updateFirmware', 'firmwareStatus'] as const)
      await expect(stranger.call(call, { params: { id: plug } })).rejects.toMatchObject({ statusCode: 404 });
    const offline = await addDevice(stack, 'Unplugged', 'plug-basic');
    await expect(owner.call('updateFirmware', { params: { id: offline.id } })).rejects.toMatchObject({
      statusCode: 409,
      message: 'The device is not connected to the internet: bring the device online first.',
    });
    const curtain = await simulatedWithFirmware(stack, owner, 'curtain', '9', QUICK).catch(() => null);
    if (curtain)
      await expect(owner.call('updateFirmware', { params: { id: curtain } })).rejects.toMatchObject({
        statusCode: 409,
        message: 'No newer firmware for this device: it is up to date.',
      });
    expect(stack.fleet.devices.get(plug)?.ota.reported).toEqual([]);
  });
});

describe('the device edge', () => {
  it("answers ThingsBoard's chunk requests with the told package's bytes, the last chunk short, none past the end", async () => {
    const row = await addDevice(stack, 'Raw plug', 'plug-basic');
    const device = await mqtt.connectAsync(stack.server.mqttUrl, { username: row.accessToken });
    const heard = new Map<string, Buffer>();
    device.on('message', (topic, payload) => heard.set(topic, payload));
    await device.subscribeAsync(['v2/fw/response/+/chunk/+', tbTopics.attributes]);
    const ask = async (n: number, size: string) => {
      await device.publishAsync(firmwareTopics.tbRequest(77, n), size, { qos: 1 });
      await new Promise((r) => setTimeout(r, 300));
      return heard.get(firmwareTopics.tbResponse(77, n));
    };
    // Told of nothing yet: no chunk is served.
    expect(await ask(0, '1000')).toBeUndefined();
    await waitFor(
      async () => (await owner.call('getDevice', { params: { id: row.id } })).deviceData.active === true,
    );
    await owner.call('updateFirmware', { params: { id: row.id } });
    await waitFor(() => heard.has(tbTopics.attributes));
    expect(JSON.parse(String(heard.get(tbTopics.attributes)))).toMatchObject({
      fw_version: '8.0',
      fw_size: 4500,
    });
    const chunks: Buffer[] = [];
    for (let n = 0; n < 5; n++) chunks.push((await ask(n, '1000')) as Buffer);
    expect(chunks.map((c) => c.length)).toEqual([1000, 1000, 1000, 1000, 500]);
    expect(Buffer.concat(chunks).equals(image.bytes)).toBe(true);
    expect((await ask(5, '1000'))?.length).toBe(0);
    // No size asks for the whole package at once.
    expect((await ask(0, ''))?.equals(image.bytes)).toBe(true);
    await device.endAsync();
  });
});
