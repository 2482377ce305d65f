/**
 * The spec's Modbus command variant end to end (issue 25, docs/decisions/038): the server checks
 * `method: "modbus"` against the model's register map and refuses bad commands with 400 before
 * sending; a real simulated device over MQTT applies the good ones and reports the key.
 */

import {
  decode,
  encode,
  getProfile,
  modbusBits,
  modbusRead,
  modbusWrite,
  registerMap,
} from '@hestia/catalog';
import type { HestiaClient } from '@hestia/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const boiler = getProfile('boiler-combi-24');
const curtain = getProfile('curtain-triple');
if (!boiler || !curtain) throw new Error('profiles missing');
const address = (profile: typeof boiler, key: string) =>
  registerMap(profile).find((r) => r.key === key)?.address as number;

let stack: Stack;
let boilerId: string;
let curtainId: string;
beforeAll(async () => {
  stack = await startStack();
  boilerId = await addSimulated(stack, stack.client, 'boiler-combi-24', 'Boiler');
  curtainId = await addSimulated(stack, stack.client, 'curtain-triple', 'Blinds');
});
afterAll(() => stack?.stop());

const rpc = (client: HestiaClient, id: string, params: unknown, timeout = 2000) =>
  client.twowayRpc(id, { method: 'modbus', params, timeout });
const value = async (id: string, key: string) =>
  (await stack.client.call('getDevice', { params: { id } })).deviceData[key];

/** The refusal a call ends in: its wrapper's status and message. */
describe('Modbus commands on a simulated device', () => {
  it('a Write changes the set point on the device, which reports it', async () => {
    expect(await rpc(stack.client, boilerId, modbusWrite(boiler, 'ch_setpoint', 63).params)).toEqual({
      result: 'OK',
    });
    await waitFor(async () => (await value(boilerId, 'ch_setpoint')) === 63);
  });

  it('a MaskWrite replaces the bits under its mask; OR and AND set and clear bits', async () => {
    await rpc(stack.client, boilerId, modbusWrite(boiler, 'system_mode', 0).params);
    await waitFor(async () => (await value(boilerId, 'system_mode')) === 0);
    await rpc(stack.client, boilerId, modbusBits(boiler, 'system_mode', 9, 2, 3).params);
    await waitFor(async () => (await value(boilerId, 'system_mode')) === 2);
    await rpc(stack.client, boilerId, modbusBits(boiler, 'system_mode', 8, 0, 2).params);
    await waitFor(async () => (await value(boilerId, 'system_mode')) === 0);
    await rpc(stack.client, boilerId, modbusBits(boiler, 'system_mode', 7, 1, 1).params);
    await waitFor(async () => (await value(boilerId, 'system_mode')) === 1);
  });

  it('a Read answers the register words; a text register is 36 words', async () => {
    await rpc(stack.client, boilerId, modbusWrite(boiler, 'dhw_setpoint', 48).params);
    expect(await rpc(stack.client, boilerId, modbusRead(boiler, 'dhw_setpoint').params)).toEqual({
      result: 'OK',
      data: [48],
    });
    await rpc(stack.client, curtainId, modbusWrite(curtain, 'curtain_name1', 'Living room').params);
    await waitFor(async () => (await value(curtainId, 'curtain_name1')) === 'Living room');
    const read = await rpc(stack.client, curtainId, modbusRead(curtain, 'curtain_name1').params);
    expect(read.data).toHaveLength(36);
    expect(decode(7, read.data as number[])).toBe('Living room');
  });

  it('the quick builder (500 ms) is answered too, and other waits are refused', async () => {
    expect(await rpc(stack.client, boilerId, modbusRead(boiler, 'ch_setpoint').params, 500)).toMatchObject({
      result: 'OK',
    });
    expect(
      await refusal(rpc(stack.client, boilerId, modbusRead(boiler, 'ch_setpoint').params, 6000)),
    ).toEqual({
      statusCode: 400,
      message: 'A Modbus command waits 500 or 2000 ms, not 6000',
    });
  });
});

describe('bad Modbus commands are refused with 400 before anything is sent', () => {
  const mode = () => address(boiler, 'system_mode');

  it('an address outside the register map, or inside a key', async () => {
    const last = registerMap(boiler).at(-1);
    const end = (last?.address ?? 0) + (last?.words ?? 0);
    expect(
      await refusal(
        rpc(stack.client, boilerId, { function: 6, len: 1, address: end, data: [1], data_mask: 0 }),
      ),
    ).toEqual({
      statusCode: 400,
      message: `Address ${end} is not in the register map of boiler-combi-24 (its registers are 100 to ${end - 1})`,
    });
    const name = address(curtain, 'curtain_name1');
    expect(
      await refusal(
        rpc(stack.client, curtainId, { function: 3, len: 1, address: name + 3, data: [], data_mask: 0 }),
      ),
    ).toEqual({
      statusCode: 400,
      message: `Address ${name + 3} is inside curtain_name1, which starts at register ${name}`,
    });
  });

  it('a bad mask, a read-only key, a wrong string length, an unknown function', async () => {
    const cases: Array<[string, unknown, string]> = [
      [
        boilerId,
        { function: 9, len: 1, address: mode(), data: [6], data_mask: 3 },
        'data 0x0006 has bits outside data_mask 0x0003',
      ],
      [
        boilerId,
        { function: 9, len: 1, address: mode(), data: [0], data_mask: 0 },
        'MaskWrite needs a data_mask naming the bits to change; 0 changes none',
      ],
      [
        boilerId,
        { function: 6, len: 1, address: address(boiler, 'ch_temperature'), data: [40], data_mask: 0 },
        'ch_temperature is read-only',
      ],
      [
        boilerId,
        { function: 6, len: 1, address: address(boiler, 'ch_setpoint'), data: [90], data_mask: 0 },
        'ch_setpoint must be at most 75',
      ],
      [
        curtainId,
        { ...modbusWrite(curtain, 'curtain_name1', 'Hall').params, len: 36 },
        'curtain_name1 is text: write it with len 71 (its length in characters), not 36',
      ],
      [
        curtainId,
        { ...modbusWrite(curtain, 'curtain_name1', 'Hall').params, data: encode(7, 'x'.repeat(72)) },
        'curtain_name1 is longer than 71 characters',
      ],
      [
        boilerId,
        { function: 4, len: 1, address: mode(), data: [], data_mask: 0 },
        'Unknown Modbus function 4: use Read 3, Write 6, OR 7, AND 8 or MaskWrite 9',
      ],
    ];
    for (const [id, params, message] of cases)
      expect(await refusal(rpc(stack.client, id, params))).toEqual({ statusCode: 400, message });
    // Nothing of those reached the set point.
    expect(await value(boilerId, 'ch_setpoint')).toBe(63);
  });

  it('is checked before the device is asked: an offline boiler still gets the 400, a good command the offline refusal', async () => {
    const offline = await addDevice(stack, 'Cellar boiler', 'boiler-combi-24');
    expect(
      (
        await refusal(
          rpc(stack.client, offline.id, { function: 9, len: 1, address: mode(), data: [6], data_mask: 3 }),
        )
      ).statusCode,
    ).toBe(400);
    const good = await refusal(rpc(stack.client, offline.id, modbusRead(boiler, 'ch_setpoint').params));
    expect(good).toEqual({ statusCode: 409, message: 'The device is not connected to the internet.' });
  });

  it('a user the boiler is shared with to view only is refused 403, as for other writes', async () => {
    await addUser(stack.server, 'modbus-viewer@example.com', 'viewer-password-1');
    const viewer = await loggedIn(stack.server.url, 'modbus-viewer@example.com', 'viewer-password-1');
    await shareWith(stack.client, boilerId, viewer, 'view');
    const refused = await refusal(rpc(viewer, boilerId, modbusWrite(boiler, 'ch_setpoint', 50).params));
    expect(refused.statusCode).toBe(403);
    expect(await value(boilerId, 'ch_setpoint')).toBe(63);
  });
});
