import type { HestiaClient } from '@hestia/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceRepository } from '../src/modules/device/device.repository.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, newAccessToken } from '../src/seed/demo.ts';
import { addUser, loggedIn, type Stack, startStack, waitFor } from './stack.ts';

// docs/decisions/018: a share that ends or shrinks stops what the sharee built on it.
let stack: Stack;
let moved = 0;
const now = () => Date.now() + moved;
const advance = (ms: number) => {
  moved += ms;
  stack.advance(ms);
};
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack?.stop());

const value = (deviceId: string, key: string) => stack.fleet.devices.get(deviceId)?.sim.values.get(key);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const hhmm = (ts: number) => new Date(ts).toISOString().slice(11, 16);

/** A new user with a two-pole switch of their own, simulated by the stack's fleet. */
async function newcomer(email: string) {
  const user = await addUser(stack.server, email, 'Newcomer1');
  const client = await loggedIn(stack.server.url, email, 'Newcomer1');
  const row = await new DeviceRepository(stack.server.database.db).create({
    ownerId: user.id,
    name: 'Own lights',
    label: 'Own lights',
    profileId: 'switch-two-pole',
    accessToken: newAccessToken(),
    simulated: true,
  });
  await stack.fleet.add({ id: row.id, accessToken: row.accessToken, profileId: 'switch-two-pole' });
  await waitFor(
    async () => (await client.call('getDevice', { params: { id: row.id } })).deviceData.active === true,
  );
  return { client, lights: row.id };
}

/** The owner's kettle plug's relay set to `on`, once every listener on it has had the message. */
async function kettle(owner: HestiaClient, on: 0 | 1, marker: string): Promise<void> {
  await owner.write(stack.ids.plug, [{ Key: 'relay_1', Value: on }]);
  // The owner's own exchange copies the kettle onto the demo switch: seen there, the message has
  // gone through the ingest listeners; a moment more for the ones behind it.
  await waitFor(() => value(stack.ids.switch, marker) === on);
  await pause(300);
}

/** The sharee's automation "kettle ON" (notify, and their lights on) and their exchange kettle → lights relay_2. */
async function sharee(who: { client: HestiaClient; lights: string }) {
  const automation = await who.client.call('saveAutomation', {
    body: {
      name: 'Kettle watch',
      isNotify: true,
      notifyMessage: 'kettle ON',
      conditions: [
        {
          conditionType: 3,
          deviceId: stack.ids.plug,
          deviceParameterId: 'relay_1',
          comparisonType: 0,
          value: 1,
        },
      ],
      commands: [{ deviceId: who.lights, deviceParameterId: 'relay_1', value: 1 }],
    },
  });
  const exchange = await who.client.call('addDataExchange', {
    params: { id: stack.ids.plug },
    body: { sourceParameter: 'relay_1', targetDeviceId: who.lights, targetParameter: 'relay_2' },
  });
  return { automation, exchange };
}

async function ownerWithMarker(marker: string) {
  const owner = await loggedIn(stack.server.url, DEMO_EMAIL, DEMO_PASSWORD);
  await owner.write(stack.ids.plug, [{ Key: 'relay_1', Value: 0 }]);
  await owner.write(stack.ids.switch, [{ Key: marker, Value: 0 }]);
  const link = await owner.call('addDataExchange', {
    params: { id: stack.ids.plug },
    body: { sourceParameter: 'relay_1', targetDeviceId: stack.ids.switch, targetParameter: marker },
  });
  return { owner, done: () => owner.call('deleteDataExchange', { params: { exchangeId: link.id } }) };
}

describe('access is asked when things run', () => {
  it('a revoked share stops the sharee’s automation, exchange, timer and scenario on it, and tells them why', async () => {
    const { owner, done } = await ownerWithMarker('relay_1');
    const who = await newcomer('revoked@example.com');
    const share = await owner.call('createShare', {
      params: { id: stack.ids.plug },
      body: { scope: 'control' },
    });
    await who.client.call('finalizeShare', { params: { shareToken: share.token } });
    const { automation, exchange } = await sharee(who);
    const timer = await who.client.call('saveTimer', {
      params: { id: stack.ids.plug },
      body: { name: 'Kettle off', minutes: 5, actions: [{ deviceParameterId: 'relay_1', value: 0 }] },
    });
    const scenario = await who.client.call('saveScenario', {
      body: {
        name: 'Boil',
        commands: [{ deviceId: stack.ids.plug, deviceParameterId: 'relay_1', value: 1 }],
      },
    });

    // While shared, all of it works.
    await kettle(owner, 1, 'relay_1');
    await waitFor(() => value(who.lights, 'relay_1') === 1 && value(who.lights, 'relay_2') === 1);
    expect((await who.client.call('notifications', { query: {} })).map((n) => n.message)).toEqual([
      'kettle ON',
    ]);
    await kettle(owner, 0, 'relay_1');
    await waitFor(() => value(who.lights, 'relay_2') === 0);
    await who.client.write(who.lights, [{ Key: 'relay_1', Value: 0 }]);
    const runsBefore = await who.client.call('automationRuns', { params: { id: automation.id } });
    expect(runsBefore).toHaveLength(1);

    await owner.call('deleteShare', { params: { id: stack.ids.plug, shareId: share.id } });
    const gone = { code: 'no_access', deviceId: stack.ids.plug };
    // The sharee sees at once what stopped and why (the web app reads these).
    await waitFor(async () => {
      const a = await who.client.call('getAutomation', { params: { id: automation.id } });
      return a.pausedReason?.code === 'no_access';
    });
    expect(await who.client.call('getAutomation', { params: { id: automation.id } })).toMatchObject({
      isActive: false,
      pausedReason: gone,
    });
    expect(await who.client.call('getDataExchange', { params: { exchangeId: exchange.id } })).toMatchObject({
      pausedReason: gone,
    });
    expect(await who.client.call('listTimers', { query: { deviceId: stack.ids.plug } })).toEqual([
      expect.objectContaining({ id: timer.id, isActive: false, pausedReason: gone }),
    ]);
    expect((await who.client.call('listScenarios', {})).find((s) => s.id === scenario.id)).toMatchObject({
      isActive: false,
      pausedReason: gone,
    });

    // The kettle goes on: nothing of it reaches the ex-sharee.
    await kettle(owner, 1, 'relay_1');
    expect(value(who.lights, 'relay_1')).toBe(0);
    expect(value(who.lights, 'relay_2')).toBe(0);
    // The guest is told the share ended (issue 20); the automation's one notification is from its run
    // before the revocation, none after.
    const told = await who.client.call('notifications', { query: {} });
    expect(told.map((n) => [n.kind, n.kind === 'share' ? n.data : n.message])).toEqual([
      ['share', { share: 'ended', deviceLabel: 'Kettle plug' }],
      ['automation', 'kettle ON'],
    ]);
    expect(await who.client.call('automationRuns', { params: { id: automation.id } })).toEqual(runsBefore);
    // Its timer never fires, and the scenario, run by hand, writes nothing and says why.
    await owner.write(stack.ids.plug, [{ Key: 'relay_1', Value: 1 }]);
    advance(6 * 60_000);
    await stack.server.worker.tick();
    expect(value(stack.ids.plug, 'relay_1')).toBe(1);
    await owner.write(stack.ids.plug, [{ Key: 'relay_1', Value: 0 }]);
    const run = await who.client.call('executeScenario', { params: { id: scenario.id } });
    expect(run).toMatchObject({
      status: 'skipped',
      actions: [
        { deviceId: stack.ids.plug, result: expect.stringMatching(/^No access to device/), ranAt: null },
      ],
    });
    expect(value(stack.ids.plug, 'relay_1')).toBe(0);
    // Switching it on again is refused as the device routes refuse a stranger.
    await expect(
      who.client.call('activateAutomation', { params: { id: automation.id }, body: { isActive: true } }),
    ).rejects.toMatchObject({ statusCode: 404 });
    await done();
  });

  it('a revoked share stops the sharee’s device schedule and scenario schedule on it, and tells them why', async () => {
    const owner = await loggedIn(stack.server.url, DEMO_EMAIL, DEMO_PASSWORD);
    await owner.write(stack.ids.plug, [{ Key: 'relay_1', Value: 0 }]);
    const who = await newcomer('scheduled@example.com');
    const share = await owner.call('createShare', {
      params: { id: stack.ids.plug },
      body: { scope: 'control' },
    });
    await who.client.call('finalizeShare', { params: { shareToken: share.token } });
    // Both come due in five minutes (the sharee's zone is UTC): the kettle on.
    const at = hhmm(now() + 5 * 60_000);
    const schedule = await who.client.call('saveSchedule', {
      params: { id: stack.ids.plug },
      body: {
        name: 'Morning kettle',
        repeatType: 1,
        startDateTime: now(),
        time: at,
        deviceScheduleActions: [{ deviceParameterId: 'relay_1', value: 1 }],
      },
    });
    const scenario = await who.client.call('saveScenario', {
      body: {
        name: 'Tea',
        commands: [{ deviceId: stack.ids.plug, deviceParameterId: 'relay_1', value: 1 }],
      },
    });
    const scenarioSchedule = await who.client.call('addScenarioSchedule', {
      params: { id: scenario.id },
      body: { name: 'Tea time', repeatType: 1, startDateTime: now(), time: at },
    });
    expect(schedule).toMatchObject({ isActive: true, pausedReason: null });
    expect(scenarioSchedule).toMatchObject({ isActive: true, pausedReason: null });
    const due = Math.max(schedule.nextRunAt as number, scenarioSchedule.nextRunAt as number);

    await owner.call('deleteShare', { params: { id: stack.ids.plug, shareId: share.id } });
    const gone = { code: 'no_access', deviceId: stack.ids.plug };
    // The device schedule is switched off at once, with the reason and no pending occurrence.
    await waitFor(
      async () =>
        (await who.client.call('getSchedule', { params: { scheduleId: schedule.id } })).pausedReason !== null,
    );
    expect(await who.client.call('getSchedule', { params: { scheduleId: schedule.id } })).toMatchObject({
      isActive: false,
      nextRunAt: null,
      pausedReason: gone,
    });

    // Their time comes: neither acts; the scenario schedule is switched off with the reason too.
    advance(due - now() + 1000);
    const scheduleOfScenario = () =>
      who.client.call('getScenarioSchedule', {
        params: { id: scenario.id, scheduleId: scenarioSchedule.id },
      });
    await waitFor(async () => {
      await stack.server.worker.tick();
      return (await scheduleOfScenario()).pausedReason !== null;
    });
    expect(await scheduleOfScenario()).toMatchObject({ isActive: false, pausedReason: gone });
    await stack.server.worker.tick();
    await pause(300);
    expect(value(stack.ids.plug, 'relay_1')).toBe(0);
    const history = await who.client.call('scenarioHistories', { params: { id: scenario.id } });
    expect(history.map((h) => [h.trigger, h.status])).toEqual([['Schedule', 'skipped']]);
    // Switching the device schedule back on is refused as the device routes refuse a stranger.
    await expect(
      who.client.call('activateSchedule', { params: { id: stack.ids.plug, scheduleId: schedule.id } }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  it('an expired share: the next trigger records "no access" instead of the device’s values, and stops it', async () => {
    const { owner, done } = await ownerWithMarker('relay_2');
    const who = await newcomer('expired@example.com');
    const share = await owner.call('createShare', {
      params: { id: stack.ids.plug },
      body: { scope: 'control', expiresAt: new Date(now() + 3600_000).toISOString() },
    });
    await who.client.call('finalizeShare', { params: { shareToken: share.token } });
    const { automation, exchange } = await sharee(who);
    await kettle(owner, 1, 'relay_2');
    await waitFor(() => value(who.lights, 'relay_1') === 1 && value(who.lights, 'relay_2') === 1);
    await kettle(owner, 0, 'relay_2');
    await waitFor(() => value(who.lights, 'relay_2') === 0);
    await who.client.write(who.lights, [{ Key: 'relay_1', Value: 0 }]);
    const first = await who.client.call('automationRuns', { params: { id: automation.id } });
    expect(Number(first[0]?.conditions[0]?.observedValue)).toBe(1);

    // The share ends by itself: nothing is announced; the next run asks.
    advance(2 * 3600_000);
    const owner2 = await loggedIn(stack.server.url, DEMO_EMAIL, DEMO_PASSWORD);
    const guest = await loggedIn(stack.server.url, 'expired@example.com', 'Newcomer1');
    await kettle(owner2, 1, 'relay_2');
    await waitFor(
      async () => (await guest.call('automationRuns', { params: { id: automation.id } })).length === 2,
    );
    const [refused] = await guest.call('automationRuns', { params: { id: automation.id } });
    expect(refused).toMatchObject({
      status: 'skipped',
      conditions: [
        {
          index: 0,
          verdict: false,
          observedValue: null,
          explanation: expect.stringMatching(/^No access to device/),
        },
      ],
      actions: [{ deviceId: who.lights, result: expect.stringMatching(/^Not sent/), ranAt: null }],
    });
    expect(JSON.stringify(refused)).not.toMatch(/"observedValue":1/);
    expect(value(who.lights, 'relay_1')).toBe(0);
    expect(value(who.lights, 'relay_2')).toBe(0);
    expect(await guest.call('notifications', { query: {} })).toHaveLength(1);
    const gone = { code: 'no_access', deviceId: stack.ids.plug };
    expect(await guest.call('getAutomation', { params: { id: automation.id } })).toMatchObject({
      isActive: false,
      pausedReason: gone,
    });
    expect(await guest.call('getDataExchange', { params: { exchangeId: exchange.id } })).toMatchObject({
      pausedReason: gone,
    });
    // Stopped: the kettle going on again adds no run.
    await kettle(owner2, 0, 'relay_2');
    await kettle(owner2, 1, 'relay_2');
    expect(await guest.call('automationRuns', { params: { id: automation.id } })).toHaveLength(2);
    await done();
  });

  it('a share scoped down to view: what writes to the device stops, what only watches it goes on', async () => {
    const { owner, done } = await ownerWithMarker('relay_1');
    const who = await newcomer('viewer@example.com');
    const share = await owner.call('createShare', {
      params: { id: stack.ids.plug },
      body: { scope: 'control' },
    });
    await who.client.call('finalizeShare', { params: { shareToken: share.token } });
    // Watches the kettle, writes the sharee's own lights.
    const watcher = await who.client.call('saveAutomation', {
      body: {
        name: 'Kettle light',
        conditions: [
          {
            conditionType: 3,
            deviceId: stack.ids.plug,
            deviceParameterId: 'relay_1',
            comparisonType: 0,
            value: 1,
          },
        ],
        commands: [{ deviceId: who.lights, deviceParameterId: 'relay_1', value: 1 }],
      },
    });
    // Watches the sharee's own lights, writes the kettle.
    const actor = await who.client.call('saveAutomation', {
      body: {
        name: 'Kettle off from my switch',
        conditions: [
          {
            conditionType: 3,
            deviceId: who.lights,
            deviceParameterId: 'relay_2',
            comparisonType: 0,
            value: 1,
          },
        ],
        commands: [{ deviceId: stack.ids.plug, deviceParameterId: 'relay_1', value: 0 }],
      },
    });
    const timer = await who.client.call('saveTimer', {
      params: { id: stack.ids.plug },
      body: { name: 'Kettle off', minutes: 1, actions: [{ deviceParameterId: 'relay_1', value: 0 }] },
    });
    await kettle(owner, 1, 'relay_1');
    await who.client.write(who.lights, [{ Key: 'relay_2', Value: 1 }]);
    await waitFor(() => value(stack.ids.plug, 'relay_1') === 0);
    await who.client.write(who.lights, [{ Key: 'relay_2', Value: 0 }]);
    await who.client.write(who.lights, [{ Key: 'relay_1', Value: 0 }]);
    await kettle(owner, 1, 'relay_1');

    await owner.call('updateShare', {
      params: { id: stack.ids.plug, shareId: share.id },
      body: { scope: 'view' },
    });
    const viewOnly = { code: 'view_only', deviceId: stack.ids.plug };
    await waitFor(
      async () =>
        (await who.client.call('getAutomation', { params: { id: actor.id } })).pausedReason?.code ===
        'view_only',
    );
    expect(await who.client.call('getAutomation', { params: { id: actor.id } })).toMatchObject({
      isActive: false,
      pausedReason: viewOnly,
    });
    expect(await who.client.call('getTimer', { params: { timerId: timer.id } })).toMatchObject({
      isActive: false,
      pausedReason: viewOnly,
    });
    expect(await who.client.call('getAutomation', { params: { id: watcher.id } })).toMatchObject({
      isActive: true,
      pausedReason: null,
    });

    // The sharee's switch no longer turns the kettle off, nor does the timer.
    await who.client.write(who.lights, [{ Key: 'relay_2', Value: 1 }]);
    advance(2 * 60_000);
    await stack.server.worker.tick();
    await pause(300);
    expect(value(stack.ids.plug, 'relay_1')).toBe(1);
    // Watching is still allowed: the kettle going on still lights the sharee's lamp.
    await kettle(owner, 0, 'relay_1');
    await kettle(owner, 1, 'relay_1');
    await waitFor(() => value(who.lights, 'relay_1') === 1);
    // Nor can it be switched on again, or a new one made, that writes to a device only viewed.
    await expect(
      who.client.call('activateAutomation', { params: { id: actor.id }, body: { isActive: true } }),
    ).rejects.toMatchObject({ statusCode: 403 });
    await expect(
      who.client.call('saveAutomation', {
        body: {
          name: 'Sneak',
          commands: [{ deviceId: stack.ids.plug, deviceParameterId: 'relay_1', value: 0 }],
        },
      }),
    ).rejects.toMatchObject({ statusCode: 403 });
    await done();
  });
});
