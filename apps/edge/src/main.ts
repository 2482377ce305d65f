// `npm run edge`: one device edge (decision 041, docs/deploy.md). Settings from the environment:
// DATABASE_URL, REDIS_URL, MQTT_URL (the internal broker, with the edge's credentials), MQTT_PORT
// (where devices connect, 1883 by default) and HOST (0.0.0.0 by default).
import { ConfigError } from '@hestia/server';
import { type EdgeLog, startEdge } from './edge.ts';

const quiet = process.env.LOG_LEVEL === 'silent';
/** One JSON line per event on stderr; never a token or a URL's password. */
const line = (level: string) => (obj: unknown, msg: string) => {
  if (quiet && level !== 'error') return;
  process.stderr.write(`${JSON.stringify({ level, time: Date.now(), msg, ...(obj as object) })}\n`);
};
const log: EdgeLog = { info: line('info'), warn: line('warn'), error: line('error') };

function setting(name: string): string {
  const value = process.env[name]?.trim();
  if (!value)
    throw new ConfigError(`${name} is not set: the edge needs DATABASE_URL, REDIS_URL and MQTT_URL`);
  return value;
}

async function main(): Promise<void> {
  const port = Number(process.env.MQTT_PORT ?? '1883');
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new ConfigError(`MQTT_PORT must be a port number (0-65535), not ${process.env.MQTT_PORT}`);
  const edge = await startEdge({
    databaseUrl: setting('DATABASE_URL'),
    redisUrl: setting('REDIS_URL'),
    mqttUrl: setting('MQTT_URL'),
    host: process.env.HOST?.trim() || '0.0.0.0',
    port,
    log,
  });
  // A parent that forked this process (the tests) hears the port.
  process.send?.({ ready: true, port: edge.port, id: edge.id });
  const stop = () => {
    edge.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((err: Error) => {
  log.error({ err: err.message }, err instanceof ConfigError ? 'edge: wrong setting' : 'edge: did not start');
  process.exit(1);
});
