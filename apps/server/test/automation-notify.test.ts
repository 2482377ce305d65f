/**
 * Notify conditions (condition type 4, issue 25, docs/decisions/038): a device event — the events
 * that notify the owner (decision 030) — runs the automations waiting for it, end to end: a real
 * simulated door contact over MQTT opens, the automation's command switches a real simulated plug,
 * and, the automation notifying (`POST automations/{id}/notify`), its notification is in the inbox.
 */
import type { HestiaClient } from '@hestia/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addSimulated, refusal, type Stack, startStack, waitFor } from './stack.ts';

let stack: Stack;
let owner: HestiaClient;
let door: string;

beforeAll(async () => {
  stack = await startStack();
  owner = stack.client;
  door = await addSimulated(stack, owner, 'door-sensor-door', 'Front door');
});
afterAll(() => stack?.stop());

const value = async (id: string, key: string) =>
  (await owner.call('getDevice', { params: { id } })).deviceData[key];
/** The world opens or closes the door: the contact reports it as its sensor would. */
const setDoor = (open: 0 | 1) =>
  owner.twowayRpc(door, { method: 'simulate.set', params: { key: 'sensor_status', value: open } });
const runsOf = (id: string) => owner.call('automationRuns', { params: { id } });

describe('Notify conditions', () => {
  it('the door opening runs the automation waiting for it, which switches the plug and notifies', async () => {
    await owner.write(stack.ids.plug, [{ Key: 'relay_1', Value: 0 }]);
    await owner.write(stack.ids.switch, [{ Key: 'relay_2', Value: 0 }]);
    await waitFor(async () => (await value(stack.ids.plug, 'relay_1')) === 0);
    const opened = await owner.call('saveAutomation', {
      body: {
        name: 'Door opened: hall light',
        conditions: [{ conditionType: 4, deviceId: door, metadata: { event: 'door_open' } }],
        commands: [{ deviceId: stack.ids.plug, deviceParameterId: 'relay_1', value: 1 }],
      },
    });
    // Another automation on the same door waits for its error event: the door opening is not that.
    const failed = await owner.call('saveAutomation', {
      body: {
        name: 'Door sensor failed',
        conditions: [{ conditionType: 4, deviceId: door, metadata: { event: 'error' } }],
        commands: [{ deviceId: stack.ids.switch, deviceParameterId: 'relay_2', value: 1 }],
      },
    });
    const notifying = await owner.call('notifyAutomation', {
      params: { id: opened.id },
      body: { isNotify: true, notifyMessage: 'Someone opened the front door' },
    });
    expect(notifying).toMatchObject({ isNotify: true, notifyMessage: 'Someone opened the front door' });
    await setDoor(0);
    await waitFor(async () => (await value(door, 'sensor_status')) === 0);

    await setDoor(1);
    await waitFor(async () => (await value(stack.ids.plug, 'relay_1')) === 1);
    await waitFor(async () => (await runsOf(opened.id)).some((r) => r.status === 'done'));
    const [run] = await runsOf(opened.id);
    expect(run).toMatchObject({ trigger: 'Notify: door_open', status: 'done' });
    expect(run?.conditions[0]).toMatchObject({
      verdict: true,
      observedValue: 'door_open',
      explanation: 'Notify fired: the device raised door_open',
    });
    expect(run?.actions.map((a) => a.result)).toEqual(['OK']);
    await waitFor(async () =>
      (await owner.call('notifications', { query: {} })).some(
        (n) => n.kind === 'automation' && n.message === 'Someone opened the front door',
      ),
    );
    // The door's own event is in the inbox too (decision 030): one event, two notifications.
    expect((await owner.call('notifications', { query: {} })).some((n) => n.kind === 'door_open')).toBe(true);

    expect(await runsOf(failed.id)).toEqual([]);
    expect(await value(stack.ids.switch, 'relay_2')).toBe(0);

    // Closing is no event; opening again is a new one.
    await owner.write(stack.ids.plug, [{ Key: 'relay_1', Value: 0 }]);
    await setDoor(0);
    await waitFor(async () => (await value(door, 'sensor_status')) === 0);
    expect(await runsOf(opened.id)).toHaveLength(1);
    await setDoor(1);
    await waitFor(async () => (await runsOf(opened.id)).length === 2);
    await waitFor(async () => (await value(stack.ids.plug, 'relay_1')) === 1);

    for (const a of [opened, failed])
      await owner.call('activateAutomation', { params: { id: a.id }, body: { isActive: false } });
  });

  it('an automation switched off does not run on the event', async () => {
    const off = await owner.call('saveAutomation', {
      body: {
        name: 'Off',
        isActive: false,
        conditions: [{ conditionType: 4, deviceId: door }],
        commands: [{ deviceId: stack.ids.switch, deviceParameterId: 'relay_2', value: 1 }],
      },
    });
    await setDoor(0);
    await waitFor(async () => (await value(door, 'sensor_status')) === 0);
    await setDoor(1);
    await waitFor(async () => (await value(door, 'sensor_status')) === 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(await runsOf(off.id)).toEqual([]);
  });

  it('refuses a Notify condition without its device, or with an event there is none of', async () => {
    const commands = [{ deviceId: stack.ids.plug, deviceParameterId: 'relay_1', value: 1 }];
    expect(
      await refusal(
        owner.call('saveAutomation', {
          body: { name: 'No device', conditions: [{ conditionType: 4 }], commands },
        }),
      ),
    ).toEqual({ statusCode: 400, message: 'Condition 1: choose the device whose event runs it.' });
    expect(
      await refusal(
        owner.call('saveAutomation', {
          body: {
            name: 'Bad event',
            conditions: [{ conditionType: 4, deviceId: door, metadata: { event: 'doorbell' } }],
            commands,
          },
        }),
      ),
    ).toEqual({
      statusCode: 400,
      message:
        'Condition 1: the event must be one of error, door_open, motion, program_done (or none: any of them).',
    });
    // An event of the list that this device's model never raises: the automation could never run.
    const plug = await owner.call('getDevice', { params: { id: stack.ids.plug } });
    const waitingFor = (deviceId: string, event: string) =>
      refusal(
        owner.call('saveAutomation', {
          body: {
            name: 'Never runs',
            conditions: [{ conditionType: 4, deviceId, metadata: { event } }],
            commands: [{ deviceId: stack.ids.switch, deviceParameterId: 'relay_1', value: 1 }],
          },
        }),
      );
    expect(await waitingFor(door, 'motion')).toEqual({
      statusCode: 400,
      message: 'Condition 1: Front door never raises motion; its events are error, door_open.',
    });
    expect(await waitingFor(stack.ids.plug, 'door_open')).toEqual({
      statusCode: 400,
      message: `Condition 1: ${plug.label} raises no events a Notify condition can wait for.`,
    });
  });
});
