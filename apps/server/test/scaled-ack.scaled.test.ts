import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../src/db/database.ts';
import { DeviceRepository } from '../src/modules/device/device.repository.ts';
import { newAccessToken } from '../src/seed/demo.ts';
import { type Mosquitto, mqttTap, startMosquitto } from './broker-kit.ts';
import { killStarted, type ServerProcess, spawnServer } from './crash-harness.ts';
import { byId, loadMessageId, missing, startLoad, storedIds } from './fault-kit.ts';
import { freshDatabase, scaledConfigured, scaledEnv } from './scaled-kit.ts';
import { waitFor } from './stack.ts';

/**
 * Scaled mode's half of "acknowledged means stored" (issue 22, decision 045): a server acknowledges
 * a QoS 1 message of its shared subscription only once it is stored, and keeps its broker session
 * (a stable MQTT_CLIENT_ID), so a kill -9 loses nothing: what it had not acknowledged comes again.
 * The suite's skip-or-fail line is in scaled.scaled.test.ts.
 */

const KEY = 'sa';
const CONNECTIONS = 20;
/** One message a connection every 10 ms: ~2,000 msg/s, for ~4 s. */
const TICKS = 400;

describe.runIf(scaledConfigured)('scaled mode: the shared subscription acknowledges after the write', () => {
  const fresh = freshDatabase('scaled_ack');
  const brokers: Mosquitto[] = [];
  let db: Database;
  const devices: string[] = [];

  beforeAll(async () => {
    db = await openPostgres(fresh.url());
    const repo = new DeviceRepository(db.db);
    for (let i = 0; i < CONNECTIONS; i++) {
      const d = await repo.create({
        ownerId: null,
        name: `Ack ${i}`,
        label: `Ack ${i}`,
        profileId: 'switch-one-pole',
        accessToken: newAccessToken(),
      });
      devices.push(d.id);
    }
  });

  afterAll(async () => {
    await killStarted();
    await db?.close();
    for (const b of brokers) await b.stop();
  });

  it.each([
    ['killed -9', 'kill', 1],
    ['closed (SIGTERM: it drains)', 'close', 2],
  ] as const)(
    'loses nothing it acknowledged to the broker when %s mid-run, nor after the redelivery',
    async (_, stop, run) => {
      const base = Date.now() - 3_600_000 * run;
      // A broker for each case: a kept session left from another one would take half the messages
      // (Mosquitto's round robin counts offline sessions, decision 045).
      const broker = await startMosquitto();
      brokers.push(broker);
      // The server reaches the broker through a relay that notes what it acknowledged.
      const tap = await mqttTap({ port: broker.port }, loadMessageId(base));
      const env = {
        ...scaledEnv(fresh.url()),
        MQTT_URL: tap.url,
        MQTT_CLIENT_ID: `hestia-scaled-ack-${run}`,
        LOG_LEVEL: 'warn',
      };
      let server: ServerProcess = await spawnServer(env);
      // Another deployment on the same broker, in the default group: it gets a copy of each message
      // and takes none of this server's (the server's group is this file's own, MQTT_SHARE_GROUP).
      const other = await mqtt.connectAsync(broker.url, { clientId: `other-deployment-${run}` });
      const seenByOther = new Set<string>();
      const idOf = loadMessageId(base);
      other.on('message', (topic, payload) => {
        const id = idOf(topic, payload);
        if (id) seenByOther.add(id);
      });
      await other.subscribeAsync('$share/hestia/devices/+/telemetry', { qos: 1 });

      // What the broker acknowledged to the devices (`load.acked`) must all end up stored.
      const load = await startLoad({
        url: broker.url,
        devices: byId(devices),
        key: KEY,
        count: TICKS,
        everyMs: 10,
        clientPrefix: `scaled-ack-device-${run}`,
        base,
      });
      try {
        await waitFor(() => load.published() >= (TICKS / 2) * CONNECTIONS, 30_000);
        if (stop === 'kill') await server.kill();
        else {
          const { child } = server;
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.disconnect();
          expect(await exited).toBe(0);
        }
        const firstOutput = server.output();
        const ackedAtKill = new Set(tap.acknowledged);
        const receivedAtKill = tap.delivered.size;
        await load.done;
        const total = devices.length * TICKS;
        await waitFor(() => load.acked.size === total, 30_000);

        // Back with the same client id: the broker resends what it was never acknowledged, and what it
        // queued for the session meanwhile.
        const restarted = performance.now();
        server = await spawnServer(env);
        let stored = new Set<string>();
        await waitFor(async () => {
          stored = await storedIds(db.db, load);
          return stored.size >= total;
        }, 60_000).catch(() => undefined);
        const took = Math.round(performance.now() - restarted);
        const lostAcked = missing(ackedAtKill, stored);
        const lost = missing(load.acked, stored);
        console.log(
          `scaled ack (${stop}): ${CONNECTIONS} connections, ${total} published at ~2,000 msg/s; at the ${stop} the server had ` +
            `received ${receivedAtKill} and acknowledged ${ackedAtKill.size}; after the restart ${stored.size} stored ` +
            `(${took} ms from the restart); lost acknowledged ${lostAcked.length}, lost in all ${lost.length}; the other deployment got ${seenByOther.size}`,
        );
        if (lost.length > 0)
          console.log(`first run:\n${firstOutput}\nafter the restart:\n${server.output()}`);
        // The kill came with messages received and not yet acknowledged.
        expect(ackedAtKill.size).toBeGreaterThan(0);
        // (A drain acknowledges everything it took; what came after `stop` may be nothing.)
        if (stop === 'kill') expect(receivedAtKill).toBeGreaterThan(ackedAtKill.size);
        expect(lostAcked).toEqual([]);
        expect(lost).toEqual([]);
        expect(missing(load.acked, seenByOther)).toEqual([]);
        await server.kill();
      } finally {
        await load.end();
        await other.endAsync(true);
        await tap.close();
      }
    },
    120_000,
  );
});
