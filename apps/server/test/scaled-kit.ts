import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

/** The scaled suite's services (`.ci/run` sets them; README, scaled mode). */
export const { TEST_DATABASE_URL, TEST_MQTT_URL, TEST_REDIS_URL } = process.env;
export const scaledConfigured = Boolean(TEST_DATABASE_URL && TEST_MQTT_URL && TEST_REDIS_URL);

/**
 * A database of its own for the enclosing `describe`, on the test PostgreSQL: created before its
 * tests, dropped after them. Call it first in the block, so its drop runs after the block's own
 * `afterAll` hooks have closed their connections (vitest runs after-hooks in reverse order).
 */
export function freshDatabase(prefix: string): { url: () => string } {
  const name = `hestia_${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  let admin: pg.Client | undefined;
  let url = '';
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const address = new URL(TEST_DATABASE_URL as string);
    address.pathname = `/${name}`;
    url = address.toString();
  });
  afterAll(async () => {
    await admin?.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await admin?.end();
  });
  return { url: () => url };
}

/**
 * This test file's shared-subscription group: its servers share it, and servers of another file (or
 * of another run on the machine's one Mosquitto) never take their devices' messages.
 */
export const SHARE_GROUP = `hestia-test-${process.pid}-${randomBytes(4).toString('hex')}`;

/** The settings of one scaled instance on `databaseUrl`: free port, loopback, quiet, this file's group. */
export function scaledEnv(databaseUrl: string): Record<string, string> {
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    MQTT_URL: TEST_MQTT_URL as string,
    REDIS_URL: TEST_REDIS_URL as string,
    MQTT_SHARE_GROUP: SHARE_GROUP,
  };
}
