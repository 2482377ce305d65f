import type { HestiaClient } from '@hestia/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AutomationRepository } from '../src/modules/automation/automation.repository.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/demo.ts';
import { addUser, loggedIn, type Stack, startStack, waitFor } from './stack.ts';

let stack: Stack;
let owner: HestiaClient;
let stranger: HestiaClient;
beforeAll(async () => {
  stack = await startStack();
  await addUser(stack.server, 'outsider@example.com', 'Outsider1');
});
// Tests move the clock by hours; access tokens live 2.5 h, so each test logs in afresh.
beforeEach(async () => {
  owner = await loggedIn(stack.server.url, DEMO_EMAIL, DEMO_PASSWORD);
  stranger = await loggedIn(stack.server.url, 'outsider@example.com', 'Outsider1');
});
afterAll(() => stack?.stop());

const relay = (id: string) => stack.fleet.devices.get(id)?.sim.values.get('relay_1');
const hhmm = (ts: number) => new Date(ts).toISOString().slice(11, 16);

describe('timers', () => {
  it('runs a device timer once when it comes due, and hides it from others', async () => {
    await owner.write(stack.ids.switch, [{ Key: 'relay_1', Value: 0 }]);
    const timer = await owner.call('saveTimer', {
      params: { id: stack.ids.switch },
      body: { name: 'Lights on', minutes: 1, actions: [{ deviceParameterId: 'relay_1', value: 1 }] },
    });
    expect(timer.kind).toBe('timer');
    await stack.server.worker.tick();
    expect(relay(stack.ids.switch)).toBe(0);
    stack.advance(61_000);
    await stack.server.worker.tick();
    await waitFor(() => relay(stack.ids.switch) === 1);
    expect((await owner.call('getTimer', { params: { timerId: timer.id } })).nextRunAt).toBeNull();
    await expect(stranger.call('getTimer', { params: { timerId: timer.id } })).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(
      owner.call('saveTimer', {
        params: { id: stack.ids.switch },
        body: { minutes: 601, actions: [{ deviceParameterId: 'relay_1', value: 1 }] },
      }),
    ).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/10 hours/) });
  });
});

describe('schedules', () => {
  it('runs each occurrence exactly once, even with two workers, and queues the next', async () => {
    await owner.write(stack.ids.switch, [{ Key: 'relay_1', Value: 0 }]);
    const at = Date.now();
    const schedule = await owner.call('saveSchedule', {
      params: { id: stack.ids.switch },
      body: {
        name: 'Evening',
        repeatType: 1,
        startDateTime: at,
        time: hhmm(at + 3 * 60_000),
        deviceScheduleActions: [{ deviceParameterId: 'relay_1', value: 1 }],
      },
    });
    expect(schedule.nextRunAt).toBeGreaterThan(at);
    const due = schedule.nextRunAt as number;
    const repo = new AutomationRepository(stack.server.database.db);
    // Two claimers at the due time: the job goes to exactly one of them.
    const [a, b] = await Promise.all([
      repo.claim('worker-a', due + 1000, 30_000, 20),
      repo.claim('worker-b', due + 1000, 30_000, 20),
    ]);
    expect([...a, ...b].filter((j) => j.refId === schedule.id)).toHaveLength(1);
    // A claimer whose lease ran out while it was busy with earlier jobs of its batch cannot renew it
    // once another has claimed the job; the other can.
    const job = [...a, ...b].find((j) => j.refId === schedule.id);
    const [mine, other] = a.some((j) => j.id === job?.id)
      ? ['worker-a', 'worker-b']
      : ['worker-b', 'worker-a'];
    const [taken] = (await repo.claim(other, due + 32_000, 30_000, 20)).filter((j) => j.id === job?.id);
    expect(taken?.claimedBy).toBe(other);
    expect(await repo.renewClaim(job?.id as string, mine, due + 62_000)).toBe(false);
    // (The holder can; here it sets a lease that has run out again by the time below.)
    expect(await repo.renewClaim(job?.id as string, other, due + 1000)).toBe(true);
    // The claimer "crashed": once its lease runs out the job is claimed again and runs, once.
    stack.advance(due - Date.now() + 31_000);
    await stack.server.worker.tick();
    await stack.server.worker.tick();
    await waitFor(() => relay(stack.ids.switch) === 1);
    expect(await repo.countRuns(`${schedule.id}:`)).toBe(1);
    const after = await owner.call('getSchedule', { params: { scheduleId: schedule.id } });
    expect(after.nextRunAt).toBeGreaterThan(due + 23 * 3600_000);
  });

  it('skips an occurrence missed by more than 15 minutes and records it as skipped', async () => {
    await owner.write(stack.ids.switch, [{ Key: 'relay_1', Value: 0 }]);
    const now = Date.now();
    const schedule = await owner.call('saveSchedule', {
      params: { id: stack.ids.switch },
      body: {
        name: 'Missed',
        repeatType: 1,
        startDateTime: now,
        time: hhmm(now + 2 * 3600_000),
        deviceScheduleActions: [{ deviceParameterId: 'relay_1', value: 1 }],
      },
    });
    const due = schedule.nextRunAt as number;
    // The server "was down" until an hour after the occurrence.
    stack.advance(due - Date.now() + 3600_000);
    await stack.server.worker.tick();
    const runs = await new AutomationRepository(stack.server.database.db).runs(schedule.id);
    expect(runs.map((r) => r.status)).toEqual(['skipped']);
    expect(relay(stack.ids.switch)).toBe(0);
  });

  it('refuses a daily schedule whose end is less than a day after its start, and writes the catalogue refuses', async () => {
    const now = Date.now();
    await expect(
      owner.call('saveSchedule', {
        params: { id: stack.ids.switch },
        body: {
          name: 'Short',
          repeatType: 1,
          startDateTime: now,
          endDateTime: now + 3600_000,
          time: '08:00',
          deviceScheduleActions: [{ deviceParameterId: 'relay_1', value: 1 }],
        },
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      owner.call('saveSchedule', {
        params: { id: stack.ids.switch },
        body: {
          name: 'Bad key',
          repeatType: 1,
          startDateTime: now,
          time: '08:00',
          deviceScheduleActions: [{ deviceParameterId: 'relay_9', value: 1 }],
        },
      }),
    ).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/Unknown key/) });
  });
});

describe('automations', () => {
  it('when the plug draws over 100 W, turns the lights off and notifies, with a trace', async () => {
    await owner.write(stack.ids.plug, [{ Key: 'relay_1', Value: 0 }]);
    await owner.write(stack.ids.switch, [{ Key: 'relay_1', Value: 1 }]);
    const automation = await owner.call('saveAutomation', {
      body: {
        name: 'Kettle guard',
        isNotify: true,
        notifyMessage: 'The kettle is on: lights off',
        conditions: [
          {
            conditionType: 3,
            deviceId: stack.ids.plug,
            deviceParameterId: 'power',
            comparisonType: 2,
            value: 100,
          },
        ],
        commands: [{ deviceId: stack.ids.switch, deviceParameterId: 'relay_1', value: 0 }],
      },
    });
    expect(automation).toMatchObject({ conditionCount: 1, actionCount: 1, isActive: true });
    await owner.write(stack.ids.plug, [{ Key: 'relay_1', Value: 1 }]);
    await waitFor(() => relay(stack.ids.switch) === 0);
    const runs = await owner.call('automationRuns', { params: { id: automation.id } });
    expect(runs).toHaveLength(1);
    expect(runs[0]?.conditions[0]).toMatchObject({ verdict: true });
    expect(Number(runs[0]?.conditions[0]?.observedValue)).toBeGreaterThan(100);
    expect(runs[0]?.actions[0]).toMatchObject({ deviceParameterId: 'relay_1', value: 0, result: 'OK' });
    const notes = await owner.call('notifications', { query: {} });
    expect(notes[0]).toMatchObject({
      name: 'Kettle guard',
      message: 'The kettle is on: lights off',
      seenTime: null,
    });
    expect((await owner.call('unreadNotifications', {})).count).toBeGreaterThan(0);
    await expect(stranger.call('getAutomation', { params: { id: automation.id } })).rejects.toMatchObject({
      statusCode: 404,
    });
    await owner.call('activateAutomation', { params: { id: automation.id }, body: { isActive: false } });
  });

  it('refuses an automation that would trigger itself, and invalid ones with the spec messages', async () => {
    await expect(
      owner.call('saveAutomation', {
        body: {
          name: 'Echo',
          conditions: [
            {
              conditionType: 3,
              deviceId: stack.ids.switch,
              deviceParameterId: 'relay_2',
              comparisonType: 0,
              value: 1,
            },
          ],
          commands: [{ deviceId: stack.ids.switch, deviceParameterId: 'relay_2', value: 1 }],
        },
      }),
    ).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/loop/) });
    await expect(
      owner.call('saveAutomation', {
        body: {
          name: ' ',
          commands: [{ deviceId: stack.ids.switch, deviceParameterId: 'relay_1', value: 1 }],
        },
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(owner.call('saveAutomation', { body: { name: 'Nothing to do' } })).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(
      stranger.call('saveAutomation', {
        body: {
          name: 'Hijack',
          commands: [{ deviceId: stack.ids.switch, deviceParameterId: 'relay_1', value: 1 }],
        },
      }),
    ).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('scenarios', () => {
  it('runs at once, then its delayed step as a durable job, and keeps the history', async () => {
    await owner.write(stack.ids.switch, [{ Key: 'relay_1', Value: 0 }]);
    await owner.write(stack.ids.plug, [{ Key: 'relay_1', Value: 0 }]);
    const scenario = await owner.call('saveScenario', {
      body: {
        name: 'Good night',
        commandInorderExecution: true,
        commands: [
          { deviceId: stack.ids.switch, deviceParameterId: 'relay_1', value: 1 },
          { deviceId: stack.ids.plug, deviceParameterId: 'relay_1', value: 1, delay: 60 },
        ],
      },
    });
    const run = await owner.call('executeScenario', { params: { id: scenario.id } });
    expect(run.status).toBe('running');
    expect(relay(stack.ids.switch)).toBe(1);
    expect(relay(stack.ids.plug)).toBe(0);
    stack.advance(61_000);
    await stack.server.worker.tick();
    await waitFor(() => relay(stack.ids.plug) === 1);
    const history = await owner.call('scenarioHistories', { params: { id: scenario.id } });
    const details = await owner.call('scenarioHistoryDetails', {
      params: { historyId: history[0]?.id as string },
    });
    expect(details.status).toBe('done');
    expect(details.actions.map((a) => [a.atMs, a.result])).toEqual([
      [0, 'OK'],
      [60_000, 'OK'],
    ]);
    await expect(stranger.call('executeScenario', { params: { id: scenario.id } })).rejects.toMatchObject({
      statusCode: 404,
    });
  });
});

describe('data exchange', () => {
  it('writes a source parameter change to the target device, and refuses a chain that feeds back', async () => {
    const params = await owner.call('dataExchangeParams', { params: { id: stack.ids.plug } });
    expect(params.sources.map((p) => p.key)).toEqual(expect.arrayContaining(['relay_1', 'power']));
    await owner.write(stack.ids.switch, [{ Key: 'relay_2', Value: 0 }]);
    await owner.write(stack.ids.plug, [{ Key: 'relay_1', Value: 0 }]);
    const link = await owner.call('addDataExchange', {
      params: { id: stack.ids.plug },
      body: { sourceParameter: 'relay_1', targetDeviceId: stack.ids.switch, targetParameter: 'relay_2' },
    });
    await owner.write(stack.ids.plug, [{ Key: 'relay_1', Value: 1 }]);
    await waitFor(() => stack.fleet.devices.get(stack.ids.switch)?.sim.values.get('relay_2') === 1);
    await expect(
      owner.call('addDataExchange', {
        params: { id: stack.ids.switch },
        body: { sourceParameter: 'relay_2', targetDeviceId: stack.ids.plug, targetParameter: 'relay_1' },
      }),
    ).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/feed back/) });
    await expect(
      owner.call('addDataExchange', {
        params: { id: stack.ids.plug },
        body: { sourceParameter: 'relay_1', targetDeviceId: stack.ids.switch, targetParameter: 'power' },
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(stranger.call('getDataExchange', { params: { exchangeId: link.id } })).rejects.toMatchObject(
      { statusCode: 404 },
    );
    await owner.call('deleteDataExchange', { params: { exchangeId: link.id } });
    expect(await owner.call('listDataExchanges', { params: { id: stack.ids.plug } })).toEqual([]);
  });
});
