import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type HestiaServer } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Mosquitto, startMosquitto } from './broker-kit.ts';
import { type OwnRedis, startOwnRedis, stopOwnServices } from './fault-kit.ts';
import { freshDatabase, scaledConfigured, scaledEnv } from './scaled-kit.ts';
import { waitFor } from './stack.ts';

/**
 * Issue 25, `GET health` for operators in scaled mode: the broker or the bus going away shows as that
 * part down (503 in the wrapper, the other parts up), and coming back shows as up again, with the
 * server never restarted. The test runs a Mosquitto and a Redis of its own (never the machine's).
 */

describe.runIf(scaledConfigured)('health in scaled mode: the broker and the bus, down and back', () => {
  const fresh = freshDatabase('health');
  let mosquitto: Mosquitto;
  let redis: OwnRedis;
  let server: HestiaServer;

  beforeAll(async () => {
    mosquitto = await startMosquitto();
    redis = await startOwnRedis();
    server = await createServer(
      loadConfig({ ...scaledEnv(fresh.url()), MQTT_URL: mosquitto.url, REDIS_URL: redis.url }),
    );
  });
  afterAll(async () => {
    await server?.close();
    await mosquitto?.stop();
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
    await mosquitto.stop('SIGKILL');
    const down = await until((x) => x.body.data.broker === 'down', 5000);
    expect(down.status).toBe(503);
    expect(down.body.data).toEqual({ status: 'down', database: 'up', broker: 'down', bus: 'up' });
    expect(down.body.message).toBe('A part of the server is down; try again later.');
    mosquitto = await startMosquitto(mosquitto.port);
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
