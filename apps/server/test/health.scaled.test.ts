import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type HestiaServer } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { freePort } from './crash-harness.ts';
import { type OwnRedis, startOwnRedis, stopOwnServices } from './fault-kit.ts';
import { freshDatabase, scaledConfigured, scaledEnv } from './scaled-kit.ts';
import { waitFor } from './stack.ts';

/**
 * Issue 25, `GET health` for operators in scaled mode: the broker or the bus going away shows as that
 * part down (503 in the wrapper, the other parts up), and coming back shows as up again, with the
 * server never restarted. The test runs a Mosquitto and a Redis of its own (never the machine's).
 */

interface OwnMosquitto {
  url: string;
  kill(): Promise<void>;
  start(): Promise<void>;
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** A Mosquitto of the test's own on a free port of 127.0.0.1: anonymous, nothing persisted. */
async function startOwnMosquitto(): Promise<OwnMosquitto & { remove(): Promise<void> }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'hestia-health-mqtt-'));
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(conf, `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\nlog_dest none\n`);
  let child: ChildProcess | undefined;
  const kill = async () => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const gone = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await gone;
  };
  const own = {
    url: `mqtt://127.0.0.1:${port}`,
    kill,
    start: async () => {
      child = spawn('mosquitto', ['-c', conf], { stdio: 'ignore' });
      await waitFor(() => listening(port), 10_000);
    },
    remove: async () => {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await own.start();
  return own;
}

describe.runIf(scaledConfigured)('health in scaled mode: the broker and the bus, down and back', () => {
  const fresh = freshDatabase('health');
  let mosquitto: Awaited<ReturnType<typeof startOwnMosquitto>>;
  let redis: OwnRedis;
  let server: HestiaServer;

  beforeAll(async () => {
    mosquitto = await startOwnMosquitto();
    redis = await startOwnRedis();
    server = await createServer(
      loadConfig({ ...scaledEnv(fresh.url()), MQTT_URL: mosquitto.url, REDIS_URL: redis.url }),
    );
  });
  afterAll(async () => {
    await server?.close();
    await mosquitto?.remove();
    await stopOwnServices();
  });

  const health = async () => {
    const res = await fetch(`${server.url}/api/v1/health`);
    return {
      status: res.status,
      body: (await res.json()) as { data: Record<string, string>; message: string },
    };
  };
  /** Polls health until `want`, within `ms`; returns the answer and how long it took. */
  const until = async (want: (h: Awaited<ReturnType<typeof health>>) => boolean, ms: number) => {
    const t0 = Date.now();
    let last = await health();
    await waitFor(async () => {
      last = await health();
      return want(last);
    }, ms).catch(() => undefined);
    return { ...last, ms: Date.now() - t0 };
  };
  const allUp = { status: 'up', database: 'up', broker: 'up', bus: 'up' };

  it('says every part is up', async () => {
    const h = await until((x) => x.status === 200, 10_000);
    expect(h.status).toBe(200);
    expect(h.body.data).toEqual(allUp);
  });

  it('says the broker is down while it is, with a 503, and up again once it is back', async () => {
    await mosquitto.kill();
    const down = await until((x) => x.body.data.broker === 'down', 5000);
    expect(down.status).toBe(503);
    expect(down.body.data).toEqual({ status: 'down', database: 'up', broker: 'down', bus: 'up' });
    expect(down.body.message).toBe('A part of the server is down; try again later.');
    await mosquitto.start();
    const up = await until((x) => x.status === 200, 10_000);
    expect(up.body.data).toEqual(allUp);
  });

  it('says the bus is down while Redis is gone, and up again once the server has reconnected', async () => {
    await redis.kill();
    const down = await until((x) => x.body.data.bus === 'down', 5000);
    expect(down.status).toBe(503);
    expect(down.body.data).toEqual({ status: 'down', database: 'up', broker: 'up', bus: 'down' });
    await redis.start();
    // The bus is up once both of the server's Redis connections are back (ioredis retries on its own).
    const up = await until((x) => x.status === 200, 15_000);
    expect(up.body.data).toEqual(allUp);
  });
});
