import type { HestiaClient } from '@hestia/client';
import { acStateFromCode, decode, encode } from '@hestia/ir';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blasterCode } from './ir-kit.ts';
import {
  addDevice,
  addSimulated,
  addUser,
  loggedIn,
  refusal,
  type Stack,
  shareWith,
  startStack,
  waitFor,
} from './stack.ts';

/**
 * IR remotes (issue 23) against a real server, its MQTT broker and a simulated IR blaster: the
 * blaster receives the timings, decodes them back and reports what it received as its `code` key.
 */
let stack: Stack;
let owner: HestiaClient;
let viewer: HestiaClient;
let stranger: HestiaClient;
let blaster: string;
let plug: string;

/** The `code` the server last stored from the blaster's telemetry. */
const reportedCode = () => blasterCode(owner, blaster);

beforeAll(async () => {
  stack = await startStack();
  owner = stack.client;
  for (const who of ['viewer', 'stranger']) await addUser(stack.server, `${who}@example.com`, 'RemotesPass1');
  viewer = await loggedIn(stack.server.url, 'viewer@example.com', 'RemotesPass1');
  stranger = await loggedIn(stack.server.url, 'stranger@example.com', 'RemotesPass1');
  blaster = await addSimulated(stack, owner, 'ir-remote-universal', 'Living-room blaster');
  plug = stack.ids.plug;
  await shareWith(owner, blaster, viewer, 'view');
}, 120_000);
afterAll(() => stack?.stop());

describe("the user's remotes", () => {
  it('adds a TV remote by category and brand, renames it, presses power: the blaster decodes NEC 4/8', async () => {
    const lgTv = (await owner.call('remotes', { query: { category_id: 1 } })).dataList.find(
      (r) => r.name === 'LG TV',
    );
    const added = await owner.call('addCustomerRemote', {
      params: { remoteId: Number(lgTv?.remoteId) },
      body: { deviceId: blaster },
    });
    expect(added).toMatchObject({ name: 'LG TV', brandName: 'LG', createType: 0, deviceId: blaster });
    const renamed = await owner.call('editCustomRemote', { body: { id: added.id, name: 'Bedroom TV' } });
    expect(renamed.name).toBe('Bedroom TV');
    const list = await owner.call('customerRemotes', { query: { device_id: blaster } });
    expect(list.dataList.map((r) => r.name)).toContain('Bedroom TV');

    const sent = await owner.call('sendRemoteButton', {
      params: { remoteId: added.id },
      body: { button: 'power' },
    });
    expect(sent.carrierHz).toBe(38_000);
    expect(sent.timings.slice(0, 2)).toEqual([9000, 4500]);
    await waitFor(async () => JSON.stringify(await reportedCode()) === JSON.stringify(sent.code));
    expect(await reportedCode()).toEqual({ protocol: 'NEC', address: 4, command: 8 });

    const vol = await owner.call('sendRemoteButton', {
      params: { remoteId: added.id },
      body: { button: 'vol_up' },
    });
    await waitFor(
      async () =>
        (await reportedCode()) !== undefined && ((await reportedCode()) as { command: number }).command === 2,
    );
    expect(vol.code).toEqual({ protocol: 'NEC', address: 4, command: 2 });
  });

  it('flips the RC5 toggle bit on each press, and the blaster decodes each', async () => {
    const philips = (await owner.call('remotes', { query: { category_id: 1 } })).dataList.find(
      (r) => r.name === 'Philips TV (RC5)',
    );
    const r = await owner.call('addCustomerRemote', {
      params: { remoteId: Number(philips?.remoteId) },
      body: { deviceId: blaster },
    });
    const a = await owner.call('sendRemoteButton', { params: { remoteId: r.id }, body: { button: 'mute' } });
    await waitFor(async () => JSON.stringify(await reportedCode()) === JSON.stringify(a.code));
    const b = await owner.call('sendRemoteButton', { params: { remoteId: r.id }, body: { button: 'mute' } });
    await waitFor(async () => JSON.stringify(await reportedCode()) === JSON.stringify(b.code));
    expect([a.code?.toggle, b.code?.toggle]).toEqual([0, 1]);
    expect(b.code).toMatchObject({ protocol: 'RC5', address: 0, command: 13 });
  });

  it('sends an air conditioner its whole state in one frame', async () => {
    const ac = (await owner.call('remotes', { query: { type: 'state' } })).dataList[0];
    const r = await owner.call('addCustomerRemote', {
      params: { remoteId: Number(ac?.remoteId) },
      body: { deviceId: blaster },
    });
    const state = { power: true, mode: 'cool', temperature: 23, fan: 'high' };
    const sent = await owner.call('sendRemoteButton', { params: { remoteId: r.id }, body: { state } });
    await waitFor(async () => JSON.stringify(await reportedCode()) === JSON.stringify(sent.code));
    const heard = decode(sent.timings);
    expect(heard && acStateFromCode(heard)?.state).toEqual(state);
    expect(
      await refusal(
        owner.call('sendRemoteButton', {
          params: { remoteId: r.id },
          body: { state: { ...state, temperature: 40 } },
        }),
      ),
    ).toMatchObject({ statusCode: 400, message: expect.stringMatching(/16 to 30/) });
    expect(
      await refusal(
        owner.call('sendRemoteButton', { params: { remoteId: r.id }, body: { button: 'power' } }),
      ),
    ).toMatchObject({ statusCode: 400, message: expect.stringMatching(/sends a state/) });
  });

  it('learns a button from a remote pointed at the blaster, keeps it on a custom remote and sends it', async () => {
    await owner.call('twowayRpc', {
      params: { id: blaster },
      body: { method: 'write', params: [{ Key: 'learn', Value: 1 }] },
    });
    const samsungPower = encode({ protocol: 'Samsung32', address: 7, command: 2 });
    // A remote's frame as the blaster's receiver measures it: every duration a little off.
    const measured = samsungPower.timings.map((d, i) => Math.round(d * (i % 2 ? 0.93 : 1.08)));
    await owner.call('twowayRpc', {
      params: { id: blaster },
      body: { method: 'simulate.irReceive', params: { timings: measured } },
    });
    await waitFor(
      async () => ((await reportedCode()) as { protocol?: string } | undefined)?.protocol === 'Samsung32',
    );
    const learned = (await reportedCode()) as { protocol: string; address: number; command: number };
    expect(learned).toEqual({ protocol: 'Samsung32', address: 7, command: 2 });

    const custom = await owner.call('addCustomRemote', {
      body: {
        deviceId: blaster,
        name: 'Old Samsung',
        categoryId: 1,
        buttons: [{ name: 'power', code: learned }],
      },
    });
    expect(custom).toMatchObject({ createType: 1, model: 'custom', catalogueRemoteId: null });
    await owner.call('sendRemoteButton', { params: { remoteId: custom.id }, body: { button: 'power' } });
    await waitFor(async () => JSON.stringify(await reportedCode()) === JSON.stringify(learned));
    const edited = await owner.call('editCustomRemote', {
      body: {
        id: custom.id,
        buttons: [
          { name: 'power', code: learned },
          { name: 'mute', code: { ...learned, command: 15 } },
        ],
      },
    });
    expect(edited.data.buttons.map((b) => b.name)).toEqual(['power', 'mute']);
  });

  it('learns a frame of a protocol it does not decode as raw timings, and sends them back as they were', async () => {
    await owner.call('twowayRpc', {
      params: { id: blaster },
      body: { method: 'write', params: [{ Key: 'learn', Value: 1 }] },
    });
    // A long frame of no supported protocol: a 3.3 ms header, then 40 marks of 420 µs with uneven spaces.
    const timings = [
      3300,
      1650,
      ...Array.from({ length: 40 }, (_, i) => [420, i % 3 ? 420 : 1250]).flat(),
      420,
    ];
    await owner.call('twowayRpc', {
      params: { id: blaster },
      body: { method: 'simulate.irReceive', params: { timings } },
    });
    await waitFor(async () => JSON.stringify(await reportedCode()) === JSON.stringify({ raw: timings }));
    const custom = await owner.call('addCustomRemote', {
      body: {
        deviceId: blaster,
        name: 'Old air conditioner',
        categoryId: 2,
        buttons: [
          { name: 'power', raw: { carrierHz: 38_000, timings } },
          { name: 'mode', code: { protocol: 'NEC', address: 1, command: 1 } },
        ],
      },
    });
    // Learning turned itself off: a remote pointed at the blaster now changes nothing.
    const nec11 = encode({ protocol: 'NEC', address: 1, command: 1 });
    const ignored = await owner.call('twowayRpc', {
      params: { id: blaster },
      body: { method: 'simulate.irReceive', params: { timings: nec11.timings } },
    });
    expect(ignored).toMatchObject({ result: 'IGNORED' });
    // Another button first, so the report changes, then the raw one.
    await owner.call('sendRemoteButton', { params: { remoteId: custom.id }, body: { button: 'mode' } });
    await waitFor(
      async () =>
        JSON.stringify(await reportedCode()) === JSON.stringify({ protocol: 'NEC', address: 1, command: 1 }),
    );
    const sent = await owner.call('sendRemoteButton', {
      params: { remoteId: custom.id },
      body: { button: 'power' },
    });
    expect(sent).toMatchObject({ code: null, carrierHz: 38_000, timings });
    await waitFor(async () => JSON.stringify(await reportedCode()) === JSON.stringify({ raw: timings }));
    expect(
      await refusal(
        owner.call('addCustomRemote', {
          body: {
            deviceId: blaster,
            name: 'Bad',
            buttons: [{ name: 'x', raw: { carrierHz: 38_000, timings: [100, 200] } }],
          },
        }),
      ),
    ).toMatchObject({ statusCode: 400, message: expect.stringMatching(/Button 'x': .*odd count/) });
    expect(
      await refusal(
        owner.call('addCustomRemote', {
          body: {
            deviceId: blaster,
            name: 'Bad',
            buttons: [
              {
                name: 'x',
                raw: { carrierHz: 38_000, timings: [100] },
                code: { protocol: 'NEC', address: 1, command: 1 },
              },
            ],
          },
        }),
      ),
    ).toMatchObject({ statusCode: 400 });
  });

  it('refuses wrong or unsupported codes, unknown buttons and non-blasters with a clear 400', async () => {
    const base = { deviceId: blaster, name: 'Bad' };
    expect(
      await refusal(
        owner.call('addCustomRemote', {
          body: { ...base, buttons: [{ name: 'x', code: { protocol: 'XMP', address: 1, command: 1 } }] },
        }),
      ),
    ).toMatchObject({ statusCode: 400, message: expect.stringMatching(/unsupported IR protocol 'XMP'/) });
    expect(
      await refusal(
        owner.call('addCustomRemote', {
          body: { ...base, buttons: [{ name: 'x', code: { protocol: 'SIRC12', address: 40, command: 1 } }] },
        }),
      ),
    ).toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/Button 'x': SIRC12 address must be/),
    });
    const r = (await owner.call('customerRemotes', { query: { device_id: blaster } })).dataList[0];
    expect(
      await refusal(
        owner.call('sendRemoteButton', {
          params: { remoteId: r?.id as string },
          body: { button: 'teleport' },
        }),
      ),
    ).toMatchObject({ statusCode: 400, message: expect.stringMatching(/no button 'teleport'/) });
    expect(
      await refusal(owner.call('addCustomerRemote', { params: { remoteId: 1 }, body: { deviceId: plug } })),
    ).toMatchObject({ statusCode: 400, message: 'This device is not an IR blaster.' });
  });

  it('a blaster that is not connected answers 409, and nothing is sent', async () => {
    const offline = await addDevice(stack, 'Unplugged blaster', 'ir-remote-universal');
    const r = await owner.call('addCustomerRemote', {
      params: { remoteId: 1 },
      body: { deviceId: offline.id },
    });
    expect(
      await refusal(
        owner.call('sendRemoteButton', { params: { remoteId: r.id }, body: { button: 'power' } }),
      ),
    ).toMatchObject({ statusCode: 409 });
  });

  it('a viewer lists but cannot send or change; a stranger sees nothing; the owner removes', async () => {
    const r = (await owner.call('customerRemotes', { query: { device_id: blaster } })).dataList[0] as {
      id: string;
    };
    expect(
      (await viewer.call('customerRemotes', { query: { device_id: blaster } })).dataList.length,
    ).toBeGreaterThan(0);
    expect(
      await refusal(
        viewer.call('sendRemoteButton', { params: { remoteId: r.id }, body: { button: 'power' } }),
      ),
    ).toMatchObject({
      statusCode: 403,
    });
    expect(await refusal(viewer.call('deleteCustomerRemote', { params: { remoteId: r.id } }))).toMatchObject({
      statusCode: 403,
    });
    expect(await refusal(stranger.call('customerRemotes', { query: { device_id: blaster } }))).toMatchObject({
      statusCode: 404,
    });
    expect(
      await refusal(stranger.call('deleteCustomerRemote', { params: { remoteId: r.id } })),
    ).toMatchObject({ statusCode: 404 });
    await owner.call('deleteCustomerRemote', { params: { remoteId: r.id } });
    const after = await owner.call('customerRemotes', { query: { device_id: blaster } });
    expect(after.dataList.some((x) => x.id === r.id)).toBe(false);
  });
});
