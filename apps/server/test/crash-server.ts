/**
 * A real server in its own process, for tests that kill it (crash.test.ts). Settings come from the
 * environment as in production; CLOCK_OFFSET_MS starts its clock ahead of the wall clock, and an IPC
 * message `{advance: ms}` moves it further, so a test can make jobs due without waiting.
 */
import { createServer } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { DeviceRepository } from '../src/modules/device/device.repository.ts';

let offset = Number(process.env.CLOCK_OFFSET_MS ?? '0');
const server = await createServer(loadConfig(process.env), {
  clock: { now: () => Date.now() + offset },
  outboxWrite: () => undefined,
});
process.on('message', (m: { advance?: number }) => {
  if (typeof m.advance !== 'number') return;
  offset += m.advance;
  process.send?.({ offset });
});
process.on('disconnect', () => {
  // The test that started us is gone: do not outlive it.
  server.close().finally(() => process.exit(0));
});
const devices =
  server.database.kind === 'pglite' ? await new DeviceRepository(server.database.db).simulated() : [];
process.send?.({
  ready: true,
  url: server.url,
  mqttUrl: server.mqttUrl,
  devices: devices.map((d) => ({ id: d.id, accessToken: d.accessToken, profileId: d.profileId })),
});
