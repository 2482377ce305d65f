import { createServer } from 'node:net';
import { type Config, ConfigError } from '@hestia/server/config';
import { checkDataDir } from '@hestia/server/data-dir';

/** Whether `port` on `host` can be listened on now (0 always can). */
function canListen(port: number, host: string): Promise<NodeJS.ErrnoException | null> {
  if (port === 0) return Promise.resolve(null);
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => resolve(err));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(null)));
  });
}

/**
 * What start-up needs from the machine, checked before the database opens (which takes seconds on
 * a first start): the HTTP and MQTT ports are free and the data directory is writable. A conflict is
 * a ConfigError naming the setting to change, as the server itself would say later.
 */
export async function preflight(config: Config): Promise<void> {
  const [http, mqtt] = await Promise.all([
    canListen(config.PORT, config.HOST),
    config.mode === 'embedded' ? canListen(config.MQTT_PORT, config.HOST) : Promise.resolve(null),
  ]);
  const taken = (err: NodeJS.ErrnoException | null) => err?.code === 'EADDRINUSE' || err?.code === 'EACCES';
  if (taken(http)) throw new ConfigError(`Port ${config.PORT} is not available; set PORT to a free port`);
  if (taken(mqtt))
    throw new ConfigError(`MQTT port ${config.MQTT_PORT} is not available; set MQTT_PORT to a free port`);
  if (http) throw http;
  if (mqtt) throw mqtt;
  if (config.mode === 'embedded') checkDataDir(config.dataDir);
}
