import { createServer as createHttpServer, type Server } from 'node:http';
import type { HestiaClient } from '@hestia/client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AutomationRepository } from '../src/modules/automation/automation.repository.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/demo.ts';
import { addUser, loggedIn, type Stack, startStack, waitFor } from './stack.ts';

/** A weather service in Open-Meteo's shape whose current reading the test sets. */
let weather: Server;
let reading = { temperature_2m: 25, relative_humidity_2m: 40, weather_code: 0, wind_speed_10m: 2 };
const weatherRequests: URL[] = [];

let stack: Stack;
let owner: HestiaClient;
let stranger: HestiaClient;
let offset = 0;
/** The server's clock (the stack's clock runs `offset` ahead of this process's). */
const serverNow = () => Date.now() + offset;
const advance = (ms: number) => {
  offset += ms;
  stack.advance(ms);
};
const value = (id: string, key = 'relay_1') => stack.fleet.devices.get(id)?.sim.values.get(key);
const hhmm = (ts: number) => new Date(ts).toISOString().slice(11, 16);
const runsOf = (id: string) => new AutomationRepository(stack.server.database.db).runs(id);
/** Ticks the worker until `check` holds (the background worker may be mid-round). */
const tickUntil = (check: () => Promise<boolean> | boolean) =>
  waitFor(async () => {
    await stack.server.worker.tick();
    return check();
  });
/** Two rounds of the worker, for asserting that nothing (more) ran. */
const settle = async () => {
  await stack.server.worker.tick();
  await new Promise((r) => setTimeout(r, 300));
  await stack.server.worker.tick();
};

beforeAll(async () => {
  weather = createHttpServer((req, res) => {
    weatherRequests.push(new URL(req.url ?? '/', 'http://weather.test'));
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({ latitude: 35.7, longitude: 51.4, current: { time: '2026-01-01T00:00', ...reading } }),
    );
  });
  await new Promise<void>((r) => weather.listen(0, '127.0.0.1', () => r()));
  const address = weather.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  stack = await startStack({
    WEATHER_URL: `http://127.0.0.1:${port}/v1/forecast`,
    WEATHER_POLL_MINUTES: '10',
  });
  await addUser(stack.server, 'outsider@example.com', 'Outsider1');
});
beforeEach(async () => {
  owner = await loggedIn(stack.server.url, DEMO_EMAIL, DEMO_PASSWORD);
  stranger = await loggedIn(stack.server.url, 'outsider@example.com', 'Outsider1');
});
afterAll(async () => {
  await stack?.stop();
  await new Promise((r) => weather?.close(r));
});

async function moveTo(latitude: number, longitude: number, client = owner): Promise<number> {
  const token = (await client.login(DEMO_EMAIL, DEMO_PASSWORD)).token;
  const res = await fetch(`${stack.server.url}/api/v1/users/profile/Location/update`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ latitude, longitude }),
  });
  return res.status;
}

describe('scenario schedules', () => {
  it('runs the scenario at each occurrence through a durable job, recorded in its history', async () => {
    await owner.write(stack.ids.switch, [{ Key: 'relay_1', Value: 0 }]);
    const scenario = await owner.call('saveScenario', {
      body: {
        name: 'Morning',
        commands: [{ deviceId: stack.ids.switch, deviceParameterId: 'relay_1', value: 1 }],
      },
    });
    const now = serverNow();
    const schedule = await owner.call('addScenarioSchedule', {
      params: { id: scenario.id },
      body: { name: 'Weekdays', repeatType: 1, startDateTime: now, time: hhmm(now + 5 * 60_000) },
    });
    expect(schedule).toMatchObject({ scenarioId: scenario.id, deviceId: null, kind: 'schedule' });
    expect(await owner.call('listScenarioSchedules', { params: { id: scenario.id } })).toHaveLength(1);
    expect(
      await owner.call('getScenarioSchedule', { params: { id: scenario.id, scheduleId: schedule.id } }),
    ).toMatchObject({ id: schedule.id, name: 'Weekdays' });

    advance((schedule.nextRunAt as number) - serverNow() + 1000);
    await tickUntil(() => value(stack.ids.switch) === 1);
    const history = await owner.call('scenarioHistories', { params: { id: scenario.id } });
    expect(history.map((h) => [h.trigger, h.status])).toEqual([['Schedule', 'done']]);
    const next = await owner.call('getScenarioSchedule', {
      params: { id: scenario.id, scheduleId: schedule.id },
    });
    expect(next.nextRunAt).toBeGreaterThan((schedule.nextRunAt as number) + 23 * 3600_000);

    await owner.call('deleteScenarioSchedule', { params: { id: scenario.id, scheduleId: schedule.id } });
    await owner.call('addScenarioSchedule', {
      params: { id: scenario.id },
      body: { name: 'Again', repeatType: 0, startDateTime: serverNow(), time: '23:59' },
    });
    await owner.call('deleteScenarioSchedules', { params: { id: scenario.id } });
    expect(await owner.call('listScenarioSchedules', { params: { id: scenario.id } })).toEqual([]);
  });

  it('refuses bad schedules with the wrapper, and hides a scenario and its schedules from others', async () => {
    const scenario = await owner.call('saveScenario', {
      body: {
        name: 'Private',
        commands: [{ deviceId: stack.ids.switch, deviceParameterId: 'relay_1', value: 1 }],
      },
    });
    const schedule = await owner.call('addScenarioSchedule', {
      params: { id: scenario.id },
      body: { name: 'Nightly', repeatType: 1, startDateTime: serverNow(), time: '22:00' },
    });
    await expect(
      owner.call('addScenarioSchedule', {
        params: { id: scenario.id },
        body: { name: 'No time', repeatType: 1, startDateTime: serverNow() },
      }),
    ).rejects.toMatchObject({ statusCode: 400, message: 'Select a time.' });
    await expect(
      owner.call('addScenarioSchedule', {
        params: { id: scenario.id },
        body: { name: '', repeatType: 1, startDateTime: serverNow(), time: '22:00' },
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
    const res = await fetch(`${stack.server.url}/api/v1/scenarios/not-a-uuid/schedules`, {
      headers: { authorization: `Bearer ${(await owner.login(DEMO_EMAIL, DEMO_PASSWORD)).token}` },
    });
    expect([res.status, (await res.json()).isSuccess]).toEqual([400, false]);

    const ids = { id: scenario.id, scheduleId: schedule.id };
    // One at a time: a call made before the previous one is awaited would reject unobserved.
    for (const attempt of [
      () =>
        stranger.call('addScenarioSchedule', {
          params: { id: scenario.id },
          body: { name: 'Mine now', repeatType: 1, startDateTime: serverNow(), time: '22:00' },
        }),
      () => stranger.call('listScenarioSchedules', { params: { id: scenario.id } }),
      () => stranger.call('getScenarioSchedule', { params: ids }),
      () => stranger.call('deleteScenarioSchedule', { params: ids }),
      () => stranger.call('deleteScenarioSchedules', { params: { id: scenario.id } }),
    ])
      await expect(attempt()).rejects.toMatchObject({ statusCode: 404 });
    // A schedule is reached only through its own scenario.
    const other = await owner.call('saveScenario', {
      body: {
        name: 'Other',
        commands: [{ deviceId: stack.ids.plug, deviceParameterId: 'relay_1', value: 1 }],
      },
    });
    await expect(
      owner.call('getScenarioSchedule', { params: { id: other.id, scheduleId: schedule.id } }),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect(await owner.call('listScenarioSchedules', { params: { id: scenario.id } })).toHaveLength(1);
    await owner.call('deleteScenario', { params: { id: scenario.id } });
    expect(await owner.call('listSchedules', { query: {} })).not.toContainEqual(
      expect.objectContaining({ id: schedule.id }),
    );
  });
});

describe('delayed steps', () => {
  it('runs the delayed steps of two devices due at the same moment, each once', async () => {
    await owner.write(stack.ids.switch, [{ Key: 'relay_2', Value: 0 }]);
    await owner.write(stack.ids.plug, [{ Key: 'relay_1', Value: 0 }]);
    const scenario = await owner.call('saveScenario', {
      body: {
        name: 'Both later',
        commands: [
          { deviceId: stack.ids.switch, deviceParameterId: 'relay_2', value: 1, delay: 30 },
          { deviceId: stack.ids.plug, deviceParameterId: 'relay_1', value: 1, delay: 30 },
        ],
      },
    });
    const run = await owner.call('executeScenario', { params: { id: scenario.id } });
    expect(run.actions.map((a) => [a.atMs, a.result])).toEqual([
      [30_000, null],
      [30_000, null],
    ]);
    advance(31_000);
    await tickUntil(() => value(stack.ids.switch, 'relay_2') === 1 && value(stack.ids.plug) === 1);
    const details = await owner.call('scenarioHistoryDetails', { params: { historyId: run.id } });
    expect([details.status, details.actions.map((a) => a.result)]).toEqual(['done', ['OK', 'OK']]);
    await owner.call('deleteScenario', { params: { id: scenario.id } });
  });
});

describe('timed writes wait for offline devices', () => {
  const active = async (id: string) => (await owner.getDevice(id)).deviceData.active === true;
  /** Takes the simulated device off the broker until the returned function brings it back. */
  const unplug = async (id: string) => {
    const running = stack.fleet.devices.get(id);
    if (!running) throw new Error(`no simulated device ${id}`);
    await running.close();
    await waitFor(async () => !(await active(id)));
    return async () => {
      await stack.fleet.add(running.spec);
      await waitFor(() => active(id));
    };
  };

  it('runs a delayed step for the devices that are there, and for an offline one once it is back', async () => {
    await owner.write(stack.ids.switch, [{ Key: 'relay_2', Value: 0 }]);
    await owner.write(stack.ids.plug, [{ Key: 'relay_1', Value: 0 }]);
    const scenario = await owner.call('saveScenario', {
      body: {
        name: 'Later, plug unplugged',
        commands: [
          { deviceId: stack.ids.switch, deviceParameterId: 'relay_2', value: 1, delay: 30 },
          { deviceId: stack.ids.plug, deviceParameterId: 'relay_1', value: 1, delay: 30 },
        ],
      },
    });
    const run = await owner.call('executeScenario', { params: { id: scenario.id } });
    const plugBack = await unplug(stack.ids.plug);
    advance(31_000);
    await tickUntil(() => value(stack.ids.switch, 'relay_2') === 1);
    await settle();
    let details = await owner.call('scenarioHistoryDetails', { params: { historyId: run.id } });
    expect([details.status, details.actions.map((a) => a.result)]).toEqual(['running', ['OK', null]]);
    await plugBack();
    // Retried when its lease ends, once the plug has been connected long enough to hear commands.
    advance(31_000);
    await tickUntil(() => value(stack.ids.plug) === 1);
    await waitFor(async () => {
      details = await owner.call('scenarioHistoryDetails', { params: { historyId: run.id } });
      return details.status === 'done';
    });
    expect(details.actions.map((a) => a.result)).toEqual(['OK', 'OK']);
    await owner.call('deleteScenario', { params: { id: scenario.id } });
  });

  it('holds a timed automation while its device is offline and runs it when the device is back', async () => {
    await owner.write(stack.ids.plug, [{ Key: 'relay_1', Value: 0 }]);
    const automation = await owner.call('saveAutomation', {
      body: {
        name: 'Plug every five minutes',
        conditions: [{ conditionType: 2, metadata: { startDateTime: serverNow(), timerInterval: 5 } }],
        commands: [{ deviceId: stack.ids.plug, deviceParameterId: 'relay_1', value: 1 }],
      },
    });
    const plugBack = await unplug(stack.ids.plug);
    advance(5 * 60_000 + 1000);
    await settle();
    expect(await runsOf(automation.id)).toEqual([]);
    await plugBack();
    advance(31_000);
    await tickUntil(() => value(stack.ids.plug) === 1);
    const runs = await owner.call('automationRuns', { params: { id: automation.id } });
    expect(runs.map((r) => [r.trigger, r.status])).toEqual([['Timer', 'done']]);
    await owner.call('activateAutomation', { params: { id: automation.id }, body: { isActive: false } });
  });
});

describe('Schedule and Timer conditions', () => {
  it('fires an automation every timer interval through durable jobs, and stops when deactivated', async () => {
    await owner.write(stack.ids.switch, [{ Key: 'relay_2', Value: 0 }]);
    const automation = await owner.call('saveAutomation', {
      body: {
        name: 'Every five minutes',
        conditions: [{ conditionType: 2, metadata: { startDateTime: serverNow(), timerInterval: 5 } }],
        commands: [{ deviceId: stack.ids.switch, deviceParameterId: 'relay_2', value: 1 }],
      },
    });
    await settle();
    expect(await runsOf(automation.id)).toEqual([]);
    advance(5 * 60_000 + 1000);
    await tickUntil(() => value(stack.ids.switch, 'relay_2') === 1);
    await owner.write(stack.ids.switch, [{ Key: 'relay_2', Value: 0 }]);
    advance(5 * 60_000);
    await tickUntil(() => value(stack.ids.switch, 'relay_2') === 1);
    const runs = await owner.call('automationRuns', { params: { id: automation.id } });
    expect(runs.map((r) => [r.trigger, r.status])).toEqual([
      ['Timer', 'done'],
      ['Timer', 'done'],
    ]);
    expect(runs[0]?.conditions[0]).toMatchObject({ verdict: true, explanation: 'Timer fired' });

    await owner.call('activateAutomation', { params: { id: automation.id }, body: { isActive: false } });
    await owner.write(stack.ids.switch, [{ Key: 'relay_2', Value: 0 }]);
    advance(10 * 60_000);
    await settle();
    expect(value(stack.ids.switch, 'relay_2')).toBe(0);
    expect(await runsOf(automation.id)).toHaveLength(2);
  });

  it('checks the other conditions when the schedule fires and keeps the trace of a run that did not happen', async () => {
    await owner.write(stack.ids.plug, [{ Key: 'relay_1', Value: 0 }]);
    const at = serverNow() + 10 * 60_000;
    const automation = await owner.call('saveAutomation', {
      body: {
        name: 'Only if the plug is on',
        conditions: [
          {
            conditionType: 1,
            metadata: { schedule: { repeatType: 1, startDateTime: serverNow(), time: hhmm(at) } },
          },
          {
            conditionType: 3,
            deviceId: stack.ids.plug,
            deviceParameterId: 'relay_1',
            comparisonType: 0,
            value: 1,
          },
        ],
        commands: [{ deviceId: stack.ids.switch, deviceParameterId: 'relay_1', value: 0 }],
      },
    });
    advance(at - serverNow() + 1000);
    await tickUntil(async () => (await runsOf(automation.id)).length === 1);
    const [run] = await owner.call('automationRuns', { params: { id: automation.id } });
    expect(run).toMatchObject({ trigger: 'Schedule: conditions not met', status: 'skipped', actions: [] });
    expect(run?.conditions.map((c) => c.verdict)).toEqual([true, false]);
    await owner.call('deleteAutomation', { params: { id: automation.id } });
  });

  it('refuses timed, location and weather conditions without their settings', async () => {
    const command = { deviceId: stack.ids.switch, deviceParameterId: 'relay_1', value: 1 };
    for (const condition of [
      { conditionType: 1 },
      { conditionType: 2, metadata: { startDateTime: serverNow() } },
      { conditionType: 5, metadata: { latitude: 35.7, longitude: 51.4, event: 'arrive' } },
      { conditionType: 6, comparisonType: 2, value: 30 },
    ])
      await expect(
        owner.call('saveAutomation', {
          body: { name: 'Incomplete', conditions: [condition], commands: [command] },
        }),
      ).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/^Condition 1: /) });
  });
});

describe('Location conditions', () => {
  it('runs when the phone enters the circle, not again while it stays inside, and again after leaving', async () => {
    const home = { latitude: 35.7, longitude: 51.4 };
    expect(await moveTo(35.8, 51.4)).toBe(200); // about 11 km away
    await owner.write(stack.ids.plug, [{ Key: 'relay_1', Value: 0 }]);
    const automation = await owner.call('saveAutomation', {
      body: {
        name: 'Home again',
        conditions: [{ conditionType: 5, metadata: { ...home, radius: 200, event: 'enter' } }],
        commands: [{ deviceId: stack.ids.plug, deviceParameterId: 'relay_1', value: 1 }],
      },
    });
    expect(await moveTo(35.75, 51.4)).toBe(200); // closer, still outside
    expect(await runsOf(automation.id)).toEqual([]);
    expect(await moveTo(35.7005, 51.4)).toBe(200); // about 56 m from home: entered
    await waitFor(() => value(stack.ids.plug) === 1);
    await owner.write(stack.ids.plug, [{ Key: 'relay_1', Value: 0 }]);
    expect(await moveTo(35.7001, 51.4001)).toBe(200); // moving about inside
    expect(await runsOf(automation.id)).toHaveLength(1);
    expect(value(stack.ids.plug)).toBe(0);
    expect(await moveTo(35.71, 51.4)).toBe(200); // left
    expect(await moveTo(35.7, 51.4)).toBe(200); // back
    await waitFor(async () => (await runsOf(automation.id)).length === 2);
    const [latest] = await owner.call('automationRuns', { params: { id: automation.id } });
    expect(latest?.trigger).toBe('Location');
    expect(latest?.conditions[0]?.explanation).toMatch(/was outside; it enter/);
    expect(await moveTo(91, 0)).toBe(400);
    await owner.call('deleteAutomation', { params: { id: automation.id } });
  });

  it("does not react to another user's phone", async () => {
    const automation = await owner.call('saveAutomation', {
      body: {
        name: 'Leaving',
        conditions: [
          { conditionType: 5, metadata: { latitude: 35.7, longitude: 51.4, radius: 500, event: 'leave' } },
        ],
        commands: [{ deviceId: stack.ids.plug, deviceParameterId: 'relay_1', value: 0 }],
      },
    });
    const token = (await stranger.login('outsider@example.com', 'Outsider1')).token;
    for (const [lat, lng] of [
      [35.7, 51.4],
      [36.7, 51.4],
    ])
      await fetch(`${stack.server.url}/api/v1/users/profile/Location/update`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ latitude: lat, longitude: lng }),
      });
    expect(await runsOf(automation.id)).toEqual([]);
    await owner.call('deleteAutomation', { params: { id: automation.id } });
  });
});

describe('Weather conditions', () => {
  it('polls the weather provider as a durable job and runs when the verdict turns true', async () => {
    reading = { ...reading, temperature_2m: 25 };
    await owner.write(stack.ids.switch, [{ Key: 'relay_2', Value: 0 }]);
    const automation = await owner.call('saveAutomation', {
      body: {
        name: 'Hot day',
        conditions: [
          {
            conditionType: 6,
            comparisonType: 2,
            value: 30,
            metadata: { key: 'temperature', latitude: 29.6, longitude: 52.5 },
          },
        ],
        commands: [{ deviceId: stack.ids.switch, deviceParameterId: 'relay_2', value: 1 }],
      },
    });
    const before = weatherRequests.length;
    // The first poll, right away, only learns that it is 25 °C.
    await tickUntil(() => weatherRequests.length > before);
    expect(weatherRequests.at(-1)?.searchParams.get('latitude')).toBe('29.6');
    reading = { ...reading, temperature_2m: 35 };
    advance(10 * 60_000 + 1000);
    await tickUntil(() => value(stack.ids.switch, 'relay_2') === 1);
    await owner.write(stack.ids.switch, [{ Key: 'relay_2', Value: 0 }]);
    // Still hot at the next poll: no change of verdict, no second run.
    const polled = weatherRequests.length;
    advance(10 * 60_000);
    await tickUntil(() => weatherRequests.length > polled);
    await settle();
    expect(value(stack.ids.switch, 'relay_2')).toBe(0);
    // Cools down, then heats up again: a second crossing, a second run.
    reading = { ...reading, temperature_2m: 20 };
    advance(10 * 60_000);
    await tickUntil(() => weatherRequests.length > polled + 1);
    reading = { ...reading, temperature_2m: 31 };
    advance(10 * 60_000);
    await tickUntil(() => value(stack.ids.switch, 'relay_2') === 1);
    const runs = await owner.call('automationRuns', { params: { id: automation.id } });
    expect(runs.map((r) => r.trigger)).toEqual(['Weather', 'Weather']);
    expect(runs[0]?.conditions[0]).toMatchObject({ verdict: true, observedValue: 31 });
    await owner.call('deleteAutomation', { params: { id: automation.id } });
  });

  it('checks the weather when telemetry sets off an automation that needs both', async () => {
    reading = { ...reading, temperature_2m: 34 };
    await owner.write(stack.ids.plug, [{ Key: 'relay_1', Value: 0 }]);
    await owner.write(stack.ids.switch, [{ Key: 'relay_2', Value: 0 }]);
    const automation = await owner.call('saveAutomation', {
      body: {
        name: 'Kettle on a hot day',
        conditions: [
          {
            conditionType: 3,
            deviceId: stack.ids.plug,
            deviceParameterId: 'power',
            comparisonType: 2,
            value: 100,
          },
          { conditionType: 6, comparisonType: 2, value: 30, metadata: { key: 'temperature' } },
        ],
        commands: [{ deviceId: stack.ids.switch, deviceParameterId: 'relay_2', value: 1 }],
      },
    });
    await owner.write(stack.ids.plug, [{ Key: 'relay_1', Value: 1 }]);
    await waitFor(() => value(stack.ids.switch, 'relay_2') === 1);
    const [run] = await owner.call('automationRuns', { params: { id: automation.id } });
    // No place on the condition: the owner's profile location (set by the Location tests).
    expect(weatherRequests.at(-1)?.searchParams.get('latitude')).toBe('35.7');
    expect(
      run?.conditions.map((c) => [c.verdict, c.observedValue === 34 || Number(c.observedValue) > 100]),
    ).toEqual([
      [true, true],
      [true, true],
    ]);
    await owner.write(stack.ids.plug, [{ Key: 'relay_1', Value: 0 }]);
    await owner.call('deleteAutomation', { params: { id: automation.id } });
  });
});
