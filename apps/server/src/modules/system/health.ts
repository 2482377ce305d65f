import { connect } from 'node:net';
import type { Db } from '../../db/database.ts';
import { ping } from '../../db/database.ts';

/** How long one part's check may take before it counts as down. */
export const CHECK_TIMEOUT_MS = 1000;

export type PartState = 'up' | 'down';

/** `check` settled true within `ms`: up; false, a failure or no answer in time: down. */
export async function stateOf(check: () => Promise<boolean>, ms = CHECK_TIMEOUT_MS): Promise<PartState> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    const up = await Promise.race([check().catch(() => false), late]);
    return up ? 'up' : 'down';
  } finally {
    clearTimeout(timer);
  }
}

/** The database answers `select 1`. */
export const databaseUp = (db: Db) => async () => {
  await ping(db);
  return true;
};

const DEFAULT_PORTS: Record<string, number> = { 'mqtt:': 1883, 'mqtts:': 8883, 'ws:': 80, 'wss:': 443 };

/**
 * The broker takes a TCP connection at its address (the embedded one's port, or MQTT_URL's host):
 * devices can reach it. The connection is closed at once; the address is never told.
 */
export const brokerUp = (mqttUrl: string) => () =>
  new Promise<boolean>((resolve) => {
    const url = new URL(mqttUrl);
    const port = url.port ? Number(url.port) : (DEFAULT_PORTS[url.protocol] ?? 1883);
    const socket = connect({ host: url.hostname, port });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(CHECK_TIMEOUT_MS, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
