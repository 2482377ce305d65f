import type { HestiaClient } from '@hestia/client';
import { acStateFromCode, decode } from '@hestia/ir';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceRepository } from '../src/modules/device/device.repository.ts';
import { newAccessToken } from '../src/seed/demo.ts';
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
 * An IR remote press as an automation or scenario action (issue 23, docs/decisions/049), against a
 * real server, its broker and a simulated IR blaster that decodes what it receives and reports it as
 * its `code` key.
 */
let stack: Stack;
let owner: HestiaClient;
let viewer: HestiaClient;
let stranger: HestiaClient;
let blaster: string;
let otherBlaster: string;
let strangersBlaster: string;

const reportedCode = () => blasterCode(owner, blaster);

/** Add the catalogue remote named `name` to `deviceId` as `who`. */
async function addRemote(who: HestiaClient, deviceId: string, name: string) {
  const found = (await who.call('remotes', { query: { page_size: 1000 } })).dataList.find(
    (r) => r.name === name,
  );
  return who.call('addCustomerRemote', { params: { remoteId: Number(found?.remoteId) }, body: { deviceId } });
}

const press = (deviceId: string, params: Record<string, unknown>, delay = 0) => ({
  deviceId,
  deviceParameterId: 'send',
  value: null,
  params,
  delay,
});

beforeAll(async () => {
  stack = await startStack();
  owner = stack.client;
  const strangerRow = await addUser(stack.server, 'ir-stranger@example.com', 'IrActions1');
  await addUser(stack.server, 'ir-viewer@example.com', 'IrActions1');
  stranger = await loggedIn(stack.server.url, 'ir-stranger@example.com', 'IrActions1');
  viewer = await loggedIn(stack.server.url, 'ir-viewer@example.com', 'IrActions1');
  blaster = await addSimulated(stack, owner, 'ir-remote-universal', 'Living-room blaster');
  otherBlaster = (await addDevice(stack, 'Bedroom blaster', 'ir-remote-universal')).id;
  await shareWith(owner, blaster, viewer, 'view');
  // The stranger's own blaster (nobody simulates it: only its remotes matter here).
  strangersBlaster = (
    await new DeviceRepository(stack.server.database.db).create({
      ownerId: (strangerRow as { id: string }).id,
      name: 'Stranger blaster',
      label: 'Stranger blaster',
      profileId: 'ir-remote-universal',
      accessToken: newAccessToken(),
    })
  ).id;
}, 120_000);
afterAll(() => stack?.stop());

describe('a remote button as an action', () => {
  it('a scenario presses the TV remote power: saved with its params, run, and the blaster decodes NEC 4/8', async () => {
    const tv = await addRemote(owner, blaster, 'LG TV');
    const scenario = await owner.call('saveScenario', {
      body: { name: 'TV off at midnight', commands: [press(blaster, { remoteId: tv.id, button: 'power' })] },
    });
    expect(scenario.commands[0]).toMatchObject({
      deviceParameterId: 'send',
      value: null,
      params: { remoteId: tv.id, button: 'power' },
    });
    // A different code first, so the report after the run can only be the run's.
    await owner.call('sendRemoteButton', { params: { remoteId: tv.id }, body: { button: 'vol_up' } });
    await waitFor(async () => ((await reportedCode()) as { command?: number } | undefined)?.command === 2);
    const run = await owner.call('executeScenario', { params: { id: scenario.id } });
    expect(run.status).toBe('done');
    expect(run.actions).toEqual([
      expect.objectContaining({
        deviceId: blaster,
        deviceParameterId: 'send',
        params: { remoteId: tv.id, button: 'power' },
        result: 'OK',
      }),
    ]);
    await waitFor(async () => ((await reportedCode()) as { command?: number } | undefined)?.command === 8);
    expect(await reportedCode()).toEqual({ protocol: 'NEC', address: 4, command: 8 });
    const history = await owner.call('scenarioHistories', { params: { id: scenario.id } });
    const details = await owner.call('scenarioHistoryDetails', {
      params: { historyId: history[0]?.id as string },
    });
    expect(details.actions[0]).toMatchObject({ params: { remoteId: tv.id, button: 'power' }, result: 'OK' });
  });

  it("an automation sends an air conditioner's state, and RC5 toggle bits alternate with taps on the remote", async () => {
    const ac = (await owner.call('remotes', { query: { type: 'state' } })).dataList[0];
    const acRemote = await owner.call('addCustomerRemote', {
      params: { remoteId: Number(ac?.remoteId) },
      body: { deviceId: blaster },
    });
    const state = { power: true, mode: 'cool', temperature: 24, fan: 'auto' };
    const philips = await addRemote(owner, blaster, 'Philips TV (RC5)');
    const automation = await owner.call('saveAutomation', {
      body: {
        name: 'AC at 7',
        commandInorderExecution: true,
        commands: [
          press(blaster, { remoteId: acRemote.id, state }),
          press(blaster, { remoteId: philips.id, button: 'mute' }, 1),
        ],
      },
    });
    // A tap on the Philips remote takes toggle bit 0; the run's delayed mute must then send 1.
    const tap = await owner.call('sendRemoteButton', {
      params: { remoteId: philips.id },
      body: { button: 'mute' },
    });
    expect(tap.code?.toggle).toBe(0);
    const run = await owner.call('executeAutomation', { params: { id: automation.id } });
    expect(run.actions.map((a) => a.result)).toEqual(['OK', null]);
    const heardState = async () => {
      const c = (await reportedCode()) as Parameters<typeof acStateFromCode>[0] | undefined;
      return c ? acStateFromCode(c)?.state : undefined;
    };
    await waitFor(async () => (await heardState()) !== undefined);
    expect(await heardState()).toEqual(state);

    // The delayed step (a durable job; a blaster that connected seconds ago is waited for a lease).
    stack.advance(61_000);
    await stack.server.worker.tick();
    await waitFor(async () => {
      const c = (await reportedCode()) as { protocol?: string; toggle?: number } | undefined;
      return c?.protocol === 'RC5' && c.toggle === 1;
    });
    await waitFor(
      async () =>
        (await owner.call('automationRuns', { params: { id: automation.id } }))[0]?.status === 'done',
    );
    const runs = await owner.call('automationRuns', { params: { id: automation.id } });
    expect(runs[0]?.actions.map((a) => a.params)).toEqual([
      { remoteId: acRemote.id, state },
      { remoteId: philips.id, button: 'mute' },
    ]);
    // The run's press took bit 1, so the next tap is a new press again: 0, and it decodes so.
    const next = await owner.call('sendRemoteButton', {
      params: { remoteId: philips.id },
      body: { button: 'mute' },
    });
    expect(decode(next.timings)).toMatchObject({ protocol: 'RC5', toggle: 0 });
  });

  it('refuses, with a 400 naming the problem, a remote of another blaster or user, an unknown button and the wrong kind of press', async () => {
    const mine = await addRemote(owner, blaster, 'LG TV');
    const elsewhere = await addRemote(owner, otherBlaster, 'LG TV');
    const theirs = await addRemote(stranger, strangersBlaster, 'LG TV');
    const ac = (await owner.call('remotes', { query: { type: 'state' } })).dataList[0];
    const acRemote = await owner.call('addCustomerRemote', {
      params: { remoteId: Number(ac?.remoteId) },
      body: { deviceId: blaster },
    });
    const save = (params: Record<string, unknown>, extra: ReturnType<typeof press>[] = []) =>
      refusal(
        owner.call('saveScenario', { body: { name: 'Wrong', commands: [press(blaster, params), ...extra] } }),
      );
    expect(await save({ remoteId: elsewhere.id, button: 'power' })).toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/^Action 1: remote .* is not a remote of this IR blaster/),
    });
    expect(await save({ remoteId: theirs.id, button: 'power' })).toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/not a remote of this IR blaster/),
    });
    expect(await save({ remoteId: mine.id, button: 'nope' })).toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/no button 'nope'/),
    });
    expect(
      await save({ remoteId: mine.id, state: { power: true, mode: 'cool', temperature: 22, fan: 'low' } }),
    ).toMatchObject({ statusCode: 400, message: expect.stringMatching(/name a button, not a state/) });
    expect(await save({ remoteId: acRemote.id, button: 'power' })).toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/sends a state/),
    });
    expect(
      await save({
        remoteId: acRemote.id,
        state: { power: true, mode: 'cool', temperature: 40, fan: 'low' },
      }),
    ).toMatchObject({ statusCode: 400, message: expect.stringMatching(/16 to 30/) });
    expect(await save({ remoteId: 'not-a-uuid', button: 'power' })).toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/remoteId/),
    });
    // Two presses on one blaster at the same moment would be merged into one write: refused.
    const delayed = press(blaster, { remoteId: mine.id, button: 'power' }, 5);
    expect(
      await refusal(
        owner.call('saveScenario', {
          body: {
            name: 'Same moment',
            commands: [delayed, { ...delayed, params: { remoteId: mine.id, button: 'mute' } }],
          },
        }),
      ),
    ).toMatchObject({
      statusCode: 400,
      message: expect.stringMatching(/^Actions 1 and 2 press a remote .* same moment/),
    });
    // The viewer may see the blaster and its remotes, but not make a scenario press them.
    expect(
      await refusal(
        viewer.call('saveScenario', {
          body: { name: 'Viewer', commands: [press(blaster, { remoteId: mine.id, button: 'power' })] },
        }),
      ),
    ).toMatchObject({ statusCode: 403 });
  });

  it('an offline blaster: the press is refused at run time through the same send, recorded in the run', async () => {
    const tv = await addRemote(owner, otherBlaster, 'LG TV');
    const scenario = await owner.call('saveScenario', {
      body: { name: 'Bedroom TV', commands: [press(otherBlaster, { remoteId: tv.id, button: 'power' })] },
    });
    const direct = await refusal(
      owner.call('sendRemoteButton', { params: { remoteId: tv.id }, body: { button: 'power' } }),
    );
    expect(direct.statusCode).toBe(409);
    const run = await owner.call('executeScenario', { params: { id: scenario.id } });
    expect(run.status).toBe('failed');
    expect(run.actions[0]?.result).toBe(direct.message);
  });

  it('a remote deleted after saving: the run records a failed action naming it, no 500', async () => {
    const tv = await addRemote(owner, blaster, 'LG TV');
    const scenario = await owner.call('saveScenario', {
      body: { name: 'Gone remote', commands: [press(blaster, { remoteId: tv.id, button: 'power' })] },
    });
    await owner.call('deleteCustomerRemote', { params: { remoteId: tv.id } });
    const run = await owner.call('executeScenario', { params: { id: scenario.id } });
    expect(run.status).toBe('failed');
    expect(run.actions[0]?.result).toMatch(/was removed from this IR blaster: nothing sent/);
  });
});
