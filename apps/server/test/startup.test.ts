import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServer } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/demo.ts';
import { loggedIn, startStack } from './stack.ts';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'hestia-test-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('start-up', () => {
  it('refuses half a scaled configuration and bad values', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x/y' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(loadConfig({}).mode).toBe('embedded');
  });
});

describe('persistence', () => {
  it('keeps users, devices and their last state across a restart, and seeds the demo once', async () => {
    const dataDir = tempDir();
    const first = await startStack({ DATA_DIR: dataDir });
    expect(first.server.demoSeeded).toBe(true);
    await first.client.write(first.ids.switch, [{ Key: 'relay_2', Value: 1 }]);
    await first.stop();

    const second = await createServer(
      loadConfig({ PORT: '0', MQTT_PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    );
    try {
      expect(second.demoSeeded).toBe(false);
      const client = await loggedIn(second.url, DEMO_EMAIL, DEMO_PASSWORD);
      const list = await client.listDevices();
      expect(list).toHaveLength(3);
      const sw = list.find((d) => d.id === first.ids.switch);
      expect(sw?.deviceData.relay_2).toBe(1);
      // No simulator runs now, so nothing is connected, whatever the last run left behind.
      expect(list.every((d) => d.deviceData.active === false)).toBe(true);
    } finally {
      await second.close();
    }
  });
});
