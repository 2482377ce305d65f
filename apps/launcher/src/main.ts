import { join } from 'node:path';
import { ConfigError, loadConfig } from '@hestia/server/config';
import type { Fleet } from '@hestia/simulator';
import { preflight } from './preflight.ts';
import type { StartedUnpaired } from './unpaired.ts';

/**
 * `npm start`: the server, its embedded database and broker, and the simulated demo devices, in one
 * process (scripts/start.mjs runs the built bundle of this file; `npm run dev` its source).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  await preflight(config);
  // Loaded once the checks passed, so a conflict is told before the server's code even loads.
  const { createServer, DEMO_EMAIL, DEMO_PASSWORD, DeviceRepository } = await import('@hestia/server');
  const { startFleet } = await import('@hestia/simulator');
  // Set once the server is up; until then a fatal stop ends start-up with its error instead.
  let fatal: (err: Error) => void = () => undefined;
  console.log(
    config.mode === 'embedded'
      ? 'Starting Hestia: opening the embedded database (migrating it if needed), the MQTT broker and the demo home...'
      : 'Starting Hestia: connecting to the database, the MQTT broker and Redis...',
  );
  const server = await createServer(config, { onFatal: (err) => fatal(err) });
  let fleet: Fleet | undefined;
  let unpaired: StartedUnpaired | undefined;
  if (config.SIMULATOR === 'on' && config.mode === 'embedded') {
    const devices = await new DeviceRepository(server.database.db).simulated();
    fleet = await startFleet({
      url: server.mqttUrl,
      mode: 'tb',
      devices: devices.map((d) => ({ id: d.id, accessToken: d.accessToken, profileId: d.profileId })),
      // The demo devices keep their relays and settings across restarts, as real ones do.
      ...(config.dataDir === 'memory://' ? {} : { stateFile: join(config.dataDir, 'simulator-state.json') }),
    });
    // Two devices of a factory batch nobody has added yet, to try "Add device" with (issue 18).
    const { startUnpairedDevices } = await import('./unpaired.ts');
    unpaired = await startUnpairedDevices(server, fleet);
  }
  const shown = config.HOST === '0.0.0.0' ? server.url.replace('127.0.0.1', 'localhost') : server.url;
  console.log(`Hestia is running at ${shown} (${config.mode} mode, MQTT on ${server.mqttUrl})`);
  if (config.mode === 'embedded' && config.DEMO === 'on')
    console.log(`Demo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  if (unpaired) for (const line of unpaired.lines) console.log(line);
  if (fleet) console.log(`Simulating ${fleet.devices.size} devices (SIMULATOR=off to disable)`);

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await unpaired?.close();
    await fleet?.stop().catch(() => undefined);
    await server.close();
    if (code === 0) console.log('Hestia stopped.');
    process.exit(code);
  };
  // Exits with an error, so a supervisor (systemd, a container's restart policy) starts it again.
  fatal = (err) => {
    console.error(`Hestia stopped: ${err.message}`);
    void stop(1);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) console.error(`Hestia could not start: ${err.message}`);
  else console.error(`Hestia could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
