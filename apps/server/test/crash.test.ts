import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HestiaClient } from '@hestia/client';
import { type Fleet, startFleet } from '@hestia/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/demo.ts';
import { freePort, killStarted, type ServerProcess, spawnServer } from './crash-harness.ts';
import { loggedIn, waitFor } from './stack.ts';

/**
 * kill -9 the real server (its own process, PGlite on disk, embedded broker) while timers, schedule
 * occurrences, scenario schedules and delayed steps are due and being run; restart it on the same data
 * and count the writes the simulated curtain received: every occurrence exactly once. Then the
 * missed-run policy (docs/decisions/009, 010) across a longer outage.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'hestia-crash-'));
let mqttPort: number;
let offset = 0;
let server: ServerProcess;
let fleet: Fleet;
let curtain: string;
/** Every write request the curtain received, as "key=value", in order. */
const writes: string[] = [];
/** Called with each write as it arrives, before the device answers it. */
let onWrite: (w: string) => void = () => undefined;

const start = async () => {
  server = await spawnServer({
    DATA_DIR: dataDir,
    MQTT_PORT: String(mqttPort),
    CLOCK_OFFSET_MS: String(offset),
  });
};
const advance = async (ms: number) => {
  offset = await server.advance(ms);
};
const serverNow = () => Date.now() + offset;
const hhmm = (ts: number) => new Date(ts).toISOString().slice(11, 16);
const count = (w: string) => writes.filter((x) => x === w).length;
const setpoint = (v: number) => `positionsetpoint=${v}`;
const client = (): Promise<HestiaClient> => loggedIn(server.url, DEMO_EMAIL, DEMO_PASSWORD);
const allActive = async (c: HestiaClient) =>
  waitFor(async () => (await c.listDevices()).every((d) => d.deviceData.active === true), 15_000);

beforeAll(async () => {
  mqttPort = await freePort();
  await start();
  fleet = await startFleet({ url: server.mqttUrl, mode: 'tb', devices: server.devices });
  curtain = server.devices.find((d) => d.profileId === 'curtain-single')?.id as string;
  // Listen beside the simulated curtain: each write request it gets, before it answers.
  fleet.devices.get(curtain)?.client.prependListener('message', (topic, payload) => {
    if (!topic.includes('/rpc/request/')) return;
    const req = JSON.parse(payload.toString()) as {
      method?: string;
      params?: Array<{ Key: string; Value: unknown }>;
    };
    if (req.method !== 'write') return;
    for (const p of req.params ?? []) {
      const w = `${p.Key}=${p.Value}`;
      writes.push(w);
      onWrite(w);
    }
  });
}, 90_000);

afterAll(async () => {
  await fleet?.stop();
  await killStarted();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('crash and restart', () => {
  it('runs every due occurrence exactly once although the server is killed mid-run', async () => {
    let owner = await client();
    await allActive(owner);
    const lights = server.devices.find((d) => d.profileId === 'switch-two-pole')?.id as string;
    await owner.write(lights, [{ Key: 'relay_1', Value: 0 }]);
    const write = (value: number) => ({ deviceParameterId: 'positionsetpoint', value });
    const timerValues = [11, 12, 13, 14, 15, 16, 17, 18];
    for (const v of timerValues)
      await owner.call('saveTimer', {
        params: { id: curtain },
        body: { name: `T${v}`, minutes: 1, actions: [write(v)] },
      });
    const at = hhmm(serverNow() + 3 * 60_000);
    await owner.call('saveSchedule', {
      params: { id: curtain },
      body: {
        name: 'Daily',
        repeatType: 1,
        startDateTime: serverNow(),
        time: at,
        deviceScheduleActions: [write(21)],
      },
    });
    const steps = await owner.call('saveScenario', {
      body: {
        name: 'Two steps',
        commandInorderExecution: true,
        commands: [
          { deviceId: curtain, deviceParameterId: 'positionsetpoint', value: 31 },
          { deviceId: curtain, deviceParameterId: 'positionsetpoint', value: 32, delay: 60 },
        ],
      },
    });
    await owner.call('executeScenario', { params: { id: steps.id } });
    const scheduled = await owner.call('saveScenario', {
      body: {
        name: 'Scheduled',
        commands: [
          { deviceId: curtain, deviceParameterId: 'positionsetpoint', value: 41 },
          { deviceId: lights, deviceParameterId: 'relay_1', value: 1 },
        ],
      },
    });
    await owner.call('addScenarioSchedule', {
      params: { id: scheduled.id },
      body: { name: 'Daily', repeatType: 1, startDateTime: serverNow(), time: at },
    });
    const expected = [31, ...timerValues, 21, 32, 41].map(setpoint);
    expect(writes).toEqual([setpoint(31)]);

    /** Kills the server the moment the curtain receives the write `when` picks, before it answers. */
    const killOn = (when: (w: string) => boolean) =>
      new Promise<void>((resolve) => {
        onWrite = (w) => {
          if (!when(w)) return;
          server.child.kill('SIGKILL');
          onWrite = () => undefined;
          resolve();
        };
      });
    const restart = async () => {
      await server.kill();
      await start();
      owner = await client();
      await allActive(owner);
      // Jobs claimed by the dead server come back when their 30 s lease ends; a step it was sending
      // is known to be orphaned once its mark is older than that.
      await advance(61_000);
    };

    // Everything comes due at once; the server dies while the curtain holds its third write (a timer).
    let killed = killOn(() => writes.length === 3);
    await advance(4 * 60_000);
    await killed;
    expect(writes.length).toBeLessThan(expected.length);
    // Again, while the curtain holds the scenario's delayed step.
    killed = killOn((w) => w === setpoint(32));
    await restart();
    await killed;
    // And while it holds the first of a scheduled scenario's two immediate steps.
    killed = killOn((w) => w === setpoint(41));
    await restart();
    await killed;
    await restart();
    await waitFor(() => expected.every((w) => count(w) >= 1), 20_000);
    await new Promise((r) => setTimeout(r, 1000));
    expect(expected.map((w) => [w, count(w)])).toEqual(expected.map((w) => [w, 1]));
    expect(writes).toHaveLength(expected.length);
    // The step that was on its way when the server died is not repeated, and its trace says so.
    const [twoSteps] = await owner.call('scenarioHistories', { params: { id: steps.id } });
    expect(twoSteps?.actions.map((a) => [a.value, a.result])).toEqual([
      [31, 'OK'],
      [32, expect.stringMatching(/^Interrupted/)],
    ]);
    // The retried occurrence resumed its run: the step in flight is not repeated, the unsent one runs.
    await waitFor(() => fleet.devices.get(lights)?.sim.values.get('relay_1') === 1);
    const history = await owner.call('scenarioHistories', { params: { id: scheduled.id } });
    expect(history.map((h) => [h.trigger, h.status])).toEqual([['Schedule', 'failed']]);
    expect(history[0]?.actions.map((a) => [a.value, a.result])).toEqual([
      [41, expect.stringMatching(/^Interrupted/)],
      [1, 'OK'],
    ]);
    for (const t of await owner.call('listTimers', { query: { deviceId: curtain } }))
      expect(t.nextRunAt).toBeNull();
  }, 120_000);

  it('after a longer outage runs an occurrence at most 15 minutes late and records an older one as skipped', async () => {
    let owner = await client();
    const scenario = async (name: string, value: number, minutesAhead: number) => {
      const s = await owner.call('saveScenario', {
        body: { name, commands: [{ deviceId: curtain, deviceParameterId: 'positionsetpoint', value }] },
      });
      await owner.call('addScenarioSchedule', {
        params: { id: s.id },
        body: {
          name,
          repeatType: 1,
          startDateTime: serverNow(),
          time: hhmm(serverNow() + minutesAhead * 60_000),
        },
      });
      return s.id;
    };
    const early = await scenario('Early', 61, 10);
    const late = await scenario('Late', 71, 30);
    await server.kill();
    // Down for 42 minutes: "Early" is 31-32 minutes late, "Late" 11-12 minutes late.
    offset += 42 * 60_000;
    await start();
    owner = await client();
    // Due at start, before the curtain reconnected: the occurrence waits for it (its lease, 30 s).
    await allActive(owner);
    await advance(31_000);
    await waitFor(() => count(setpoint(71)) === 1, 20_000);
    await new Promise((r) => setTimeout(r, 1000));
    expect([count(setpoint(61)), count(setpoint(71))]).toEqual([0, 1]);
    const runs = async (id: string) =>
      (await owner.call('scenarioHistories', { params: { id } })).map((h) => [h.trigger, h.status]);
    expect(await runs(early)).toEqual([['Schedule (missed)', 'skipped']]);
    expect(await runs(late)).toEqual([['Schedule', 'done']]);
  }, 120_000);
});
