import { type Fleet, startFleet } from '@hestia/simulator';
import { createServer } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { deviceRepository } from './repositories/device.repository.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from './seed/demo.ts';

/** `npm start`: the server, its embedded database and broker, and the simulated demo devices, in one process. */
async function main(): Promise<void> {
  const config = loadConfig();
  const server = await createServer(config);
  let fleet: Fleet | undefined;
  if (config.SIMULATOR === 'on' && config.mode === 'embedded') {
    const devices = await deviceRepository(server.database.db).simulated();
    fleet = await startFleet({
      url: server.mqttUrl,
      mode: 'tb',
      devices: devices.map((d) => ({ id: d.id, accessToken: d.accessToken, profileId: d.profileId })),
    });
  }
  const shown = config.HOST === '0.0.0.0' ? server.url.replace('127.0.0.1', 'localhost') : server.url;
  console.log(`Hestia is running at ${shown} (${config.mode} mode, MQTT on ${server.mqttUrl})`);
  if (config.mode === 'embedded' && config.DEMO === 'on')
    console.log(`Demo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  if (fleet) console.log(`Simulating ${fleet.devices.size} devices (SIMULATOR=off to disable)`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await fleet?.stop().catch(() => undefined);
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(`Hestia could not start: ${err.message}`);
  else console.error(`Hestia could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
