import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deviceTopics } from '@hestia/contract';
import { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet } from '../src/fleet.ts';

/**
 * Issue 27: a simulated plug switched on comes back on after a restart, as a real one keeps its
 * relay when the server restarts: the fleet keeps its devices' writable keys in a state file.
 */
let broker: Aedes;
let server: net.Server;
let url: string;
let controller: MqttClient;
const dir = mkdtempSync(join(tmpdir(), 'hestia-fleet-'));
const stateFile = join(dir, 'simulator-state.json');

beforeAll(async () => {
  broker = await Aedes.createBroker();
  server = net.createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
  controller = await mqtt.connectAsync(url, { clientId: 'fleet-state-test', reconnectPeriod: 0 });
});
afterAll(async () => {
  await controller?.endAsync();
  await new Promise<void>((resolve) => broker?.close(() => resolve()));
  server?.close();
  rmSync(dir, { recursive: true, force: true });
});

const plug = { id: 'plug-kept', accessToken: 'tok-plug-kept', profileId: 'plug-basic' };

async function write(id: string, pairs: { Key: string; Value: number }[]): Promise<unknown> {
  const answer = new Promise((resolve) => {
    controller.once('message', (_t, payload) => resolve(JSON.parse(payload.toString())));
  });
  await controller.subscribeAsync(deviceTopics.rpcResponse(id, '1'), { qos: 1 });
  await controller.publishAsync(
    deviceTopics.rpcRequest(id, '1'),
    JSON.stringify({ method: 'write', params: pairs }),
    {
      qos: 1,
    },
  );
  return answer;
}

describe('a fleet with a state file', () => {
  it('keeps a switched-on relay across a restart, and starts afresh without the file', async () => {
    const first = await startFleet({ url, mode: 'device', devices: [plug], stateFile });
    const relay = first.devices.get(plug.id)?.sim.profile.toggleKeys[0] as string;
    expect(first.devices.get(plug.id)?.sim.values.get(relay)).toBe(0);
    expect(await write(plug.id, [{ Key: relay, Value: 1 }])).toMatchObject({ result: 'OK' });
    await first.stop();
    expect(JSON.parse(readFileSync(stateFile, 'utf8'))[plug.id][relay]).toBe(1);

    const second = await startFleet({ url, mode: 'device', devices: [plug], stateFile });
    expect(second.devices.get(plug.id)?.sim.values.get(relay)).toBe(1);
    await second.stop();

    rmSync(stateFile);
    const third = await startFleet({ url, mode: 'device', devices: [plug] });
    expect(third.devices.get(plug.id)?.sim.values.get(relay)).toBe(0);
    await third.stop();
    expect(existsSync(stateFile)).toBe(false);
  });

  it('starts afresh from a broken state file and ignores values of the wrong type', async () => {
    writeFileSync(stateFile, '{not json');
    const broken = await startFleet({ url, mode: 'device', devices: [plug], stateFile });
    const relay = broken.devices.get(plug.id)?.sim.profile.toggleKeys[0] as string;
    expect(broken.devices.get(plug.id)?.sim.values.get(relay)).toBe(0);
    await broken.stop();
    writeFileSync(stateFile, JSON.stringify({ [plug.id]: { [relay]: 'on' } }));
    const wrong = await startFleet({ url, mode: 'device', devices: [plug], stateFile });
    expect(wrong.devices.get(plug.id)?.sim.values.get(relay)).toBe(0);
    await wrong.stop();
  });
});
