import type { HestiaClient } from '@hestia/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL } from '../src/seed/demo.ts';
import { addSimulated, addUser, loggedIn, type Stack, shareWith, startStack, waitFor } from './stack.ts';

let stack: Stack;
let owner: HestiaClient;
let viewer: HestiaClient;
let controller: HestiaClient;
let stranger: HestiaClient;
/** A two-key push button, simulated over MQTT. */
let button: string;

const relay = (id: string, key = 'relay_1') => stack.fleet.devices.get(id)?.sim.values.get(key);
/** Let the key device's own simulation run `ms` further: its keys report their next events. */
const elapse = (id: string, ms: number) => stack.fleet.devices.get(id)?.tick(ms);

const writeTo = (targetDeviceId: string, key: string, value: number) => ({
  actionType: 'device' as const,
  targetDeviceId,
  key,
  value,
});

beforeAll(async () => {
  stack = await startStack();
  owner = stack.client;
  for (const who of ['viewer', 'controller', 'stranger'])
    await addUser(stack.server, `${who}@example.com`, 'KeysPass1');
  viewer = await loggedIn(stack.server.url, 'viewer@example.com', 'KeysPass1');
  controller = await loggedIn(stack.server.url, 'controller@example.com', 'KeysPass1');
  stranger = await loggedIn(stack.server.url, 'stranger@example.com', 'KeysPass1');
  button = await addSimulated(stack, owner, 'push-button-2key', 'Bedside button');
  await shareWith(owner, button, viewer, 'view');
  await shareWith(owner, button, controller, 'control');
}, 120_000);
afterAll(() => stack?.stop());

describe('key presses run their actions', () => {
  it('taps and holds reported by the simulated button run the bound scenario and device writes', async () => {
    const { switch: lights, plug } = stack.ids;
    await owner.write(lights, [
      { Key: 'relay_1', Value: 0 },
      { Key: 'relay_2', Value: 0 },
    ]);
    await owner.write(plug, [{ Key: 'relay_1', Value: 0 }]);
    const scenario = await owner.call('saveScenario', {
      body: {
        name: 'Reading light',
        commands: [{ deviceId: lights, deviceParameterId: 'relay_2', value: 1 }],
      },
    });
    const tap1 = await owner.call('addKeyAction', {
      params: { id: button },
      body: { keyIndex: 1, pressType: 'tap', actionType: 'scenario', scenarioId: scenario.id },
    });
    expect(tap1).toMatchObject({ scenarioName: 'Reading light', title: 'Reading light', order: 0 });
    await owner.call('addKeyAction', {
      params: { id: button },
      body: { keyIndex: 1, pressType: 'hold', title: 'All lights', ...writeTo(lights, 'relay_1', 1) },
    });
    await owner.call('addKeyAction', {
      params: { id: button },
      body: { keyIndex: 2, pressType: 'tap', ...writeTo(plug, 'relay_1', 1) },
    });

    // Key one's first event is a tap (the catalogue's cycle: tap, idle, hold, idle).
    elapse(button, 20_000);
    await waitFor(() => relay(lights, 'relay_2') === 1);
    expect(relay(lights, 'relay_1')).toBe(0);
    const history = await owner.call('scenarioHistories', { params: { id: scenario.id } });
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ trigger: 'Manual', status: 'done' });

    // 20 s later key one is idle and key two taps.
    elapse(button, 20_000);
    await waitFor(() => relay(plug) === 1);
    expect(relay(lights, 'relay_1')).toBe(0);

    // Then key one is held.
    elapse(button, 20_000);
    await waitFor(() => relay(lights, 'relay_1') === 1);
    expect(await owner.call('scenarioHistories', { params: { id: scenario.id } })).toHaveLength(1);
  });

  it('stops acting for a binder whose share of the key device ended', async () => {
    const lamp = await addSimulated(stack, owner, 'switch-one-pole', 'Desk lamp');
    await shareWith(owner, lamp, controller, 'control');
    await owner.write(lamp, [{ Key: 'relay_1', Value: 0 }]);
    const second = await addSimulated(stack, owner, 'push-button-1key', 'Desk button');
    await shareWith(owner, second, controller, 'control');
    await controller.call('addKeyAction', {
      params: { id: second },
      body: { keyIndex: 1, pressType: 'tap', ...writeTo(lamp, 'relay_1', 1) },
    });
    const shares = await owner.call('listShares', { query: { deviceId: second } });
    for (const s of shares) await owner.call('deleteShare', { params: { id: second, shareId: s.id } });
    elapse(second, 20_000);
    // The press is ingested; nothing may switch the lamp on.
    await waitFor(() => stack.server.telemetry.cached(second, 'key_one_status') === 1);
    await new Promise((r) => setTimeout(r, 500));
    expect(relay(lamp)).toBe(0);
  });
});

describe('key actions', () => {
  it('persists, edits, reorders and deletes bindings', async () => {
    const device = await addSimulated(stack, owner, 'scenario-key-3', 'Hall keys');
    const bind = (keyIndex: number, value: number) =>
      owner.call('addKeyAction', {
        params: { id: device },
        body: { keyIndex, pressType: 'tap', ...writeTo(stack.ids.switch, 'relay_1', value) },
      });
    const a = await bind(1, 1);
    const b = await bind(2, 0);
    const c = await bind(3, 1);
    expect(a).toMatchObject({
      keyIndex: 1,
      targetDeviceLabel: 'Living room lights',
      key: 'relay_1',
      value: 1,
    });
    const list = await viewer.call('listKeyActions', { params: { id: device } }).catch(() => null);
    expect(list).toBeNull(); // not shared with the viewer
    expect((await owner.call('listKeyActions', { params: { id: device } })).map((x) => x.id)).toEqual([
      a.id,
      b.id,
      c.id,
    ]);

    const reordered = await owner.call('reorderKeyActions', {
      params: { id: device },
      body: { ids: [c.id, a.id, b.id] },
    });
    expect(reordered.map((x) => [x.id, x.order])).toEqual([
      [c.id, 0],
      [a.id, 1],
      [b.id, 2],
    ]);
    await expect(
      owner.call('reorderKeyActions', { params: { id: device }, body: { ids: [c.id, a.id] } }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/each key action of this device/),
    });
    await expect(
      owner.call('reorderKeyActions', { params: { id: device }, body: { ids: [c.id, a.id, a.id] } }),
    ).rejects.toMatchObject({ statusCode: 400 });

    const edited = await owner.call('editKeyAction', {
      params: { id: device, actionId: a.id },
      body: { keyIndex: 2, pressType: 'hold', title: 'Night', ...writeTo(stack.ids.plug, 'relay_1', 0) },
    });
    expect(edited).toMatchObject({
      keyIndex: 2,
      pressType: 'hold',
      title: 'Night',
      targetDeviceId: stack.ids.plug,
    });
    expect(await owner.call('getKeyAction', { params: { id: device, actionId: a.id } })).toEqual(edited);

    await owner.call('deleteKeyAction', { params: { id: device, actionId: b.id } });
    await expect(
      owner.call('getKeyAction', { params: { id: device, actionId: b.id } }),
    ).rejects.toMatchObject({
      statusCode: 404,
      message: 'Key action not found',
    });
    // Kept in the database, in order: a new login sees the same list.
    const again = await loggedIn(stack.server.url, DEMO_EMAIL, 'HestiaDemo1');
    expect((await again.call('listKeyActions', { params: { id: device } })).map((x) => x.id)).toEqual([
      c.id,
      a.id,
    ]);
    // An action id of another device is not found through this one.
    await expect(
      owner.call('getKeyAction', { params: { id: button, actionId: c.id } }),
    ).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('refuses bad bindings with the wrapper and a clear message', async () => {
    const theirs = await controller.call('saveScenario', {
      body: { name: 'Theirs', commands: [{ deviceId: button, deviceParameterId: 'beep_status', value: 1 }] },
    });
    const body = (extra: Record<string, unknown>) =>
      ({ keyIndex: 1, pressType: 'tap', ...writeTo(stack.ids.switch, 'relay_1', 1), ...extra }) as never;
    const cases: Array<[Record<string, unknown>, number, RegExp, string?]> = [
      [{ keyIndex: 3 }, 400, /this device has 2 keys/],
      [{ keyIndex: 7 }, 400, /keyIndex is 1 to 6/],
      [{ keyIndex: 0 }, 400, /keyIndex is 1 to 6/],
      [{ pressType: 'double' }, 400, /pressType must be tap or hold/],
      [{ actionType: 'sound' }, 400, /actionType must be scenario or device/],
      [{ key: 'relay_9' }, 400, /Unknown key relay_9/],
      [{ key: 'relay_1', value: 5 }, 400, /relay_1 must be 0 or 1/],
      [{ key: 'power' }, 400, /Unknown key power|read-only/],
      [{ targetDeviceId: 'nope' }, 400, /targetDeviceId must be a UUID/],
      [{ targetDeviceId: '00000000-0000-4000-8000-000000000000' }, 404, /Device not found/],
      [{ title: 'x'.repeat(65) }, 400, /at most 64 characters/],
      [{ actionType: 'scenario', scenarioId: theirs.id }, 404, /Scenario not found/],
      [{}, 400, /no keys to bind/, stack.ids.switch],
    ];
    for (const [extra, status, message, id] of cases) {
      await expect(
        owner.call('addKeyAction', { params: { id: id ?? button }, body: body(extra) }),
        JSON.stringify(extra),
      ).rejects.toMatchObject({ statusCode: status, message: expect.stringMatching(message) });
    }
  });

  it('lets owner and control shares change bindings, view shares only read them, strangers nothing', async () => {
    const scenario = await controller.call('saveScenario', {
      body: {
        name: 'Controller scene',
        commands: [{ deviceId: button, deviceParameterId: 'beep_status', value: 0 }],
      },
    });
    const made = await controller.call('addKeyAction', {
      params: { id: button },
      body: { keyIndex: 2, pressType: 'hold', actionType: 'scenario', scenarioId: scenario.id },
    });
    expect(made.scenarioName).toBe('Controller scene');
    const seen = await viewer.call('listKeyActions', { params: { id: button } });
    expect(seen.map((x) => x.id)).toContain(made.id);
    await expect(
      viewer.call('addKeyAction', {
        params: { id: button },
        body: { keyIndex: 1, pressType: 'tap', actionType: 'scenario', scenarioId: scenario.id },
      }),
    ).rejects.toMatchObject({ statusCode: 403, message: 'This device is shared with you for viewing only.' });
    await expect(
      viewer.call('deleteKeyAction', { params: { id: button, actionId: made.id } }),
    ).rejects.toMatchObject({ statusCode: 403 });
    // The controller may not point the button at a device shared with them for viewing only.
    const viewOnly = await addSimulated(stack, owner, 'switch-one-pole', 'Guest lamp');
    await shareWith(owner, viewOnly, controller, 'view');
    await expect(
      controller.call('addKeyAction', {
        params: { id: button },
        body: { keyIndex: 1, pressType: 'tap', ...writeTo(viewOnly, 'relay_1', 1) },
      }),
    ).rejects.toMatchObject({ statusCode: 403 });
    for (const call of [
      () => stranger.call('listKeyActions', { params: { id: button } }),
      () => stranger.call('getKeyAction', { params: { id: button, actionId: made.id } }),
      () => stranger.call('deleteKeyAction', { params: { id: button, actionId: made.id } }),
    ])
      await expect(call()).rejects.toMatchObject({ statusCode: 404, message: 'Device not found' });
    await owner.call('deleteKeyAction', { params: { id: button, actionId: made.id } });
    expect((await owner.call('listKeyActions', { params: { id: button } })).map((x) => x.id)).not.toContain(
      made.id,
    );
  });
});
