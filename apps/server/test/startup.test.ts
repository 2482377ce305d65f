import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
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

async function takenPort(): Promise<{ port: number; close: () => void }> {
  const srv = createNetServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const addr = srv.address();
  return { port: typeof addr === 'object' && addr ? addr.port : 0, close: () => srv.close() };
}

/** Run `npm start`'s entry point and collect what it prints. */
function runMain(
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const main = resolve(import.meta.dirname, '../src/main.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, ...env },
    stdio: 'pipe',
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  // A start-up that wrongly goes on running is stopped, so no test leaves a server behind.
  const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((r) =>
    child.on('exit', (code) => {
      clearTimeout(guard);
      r({ code, stdout, stderr });
    }),
  );
}

describe('start-up', () => {
  it('ends with one clear line naming PORT when the port is taken', async () => {
    const taken = await takenPort();
    const res = await runMain({
      PORT: String(taken.port),
      MQTT_PORT: '0',
      DATA_DIR: tempDir(),
      SIMULATOR: 'off',
      DEMO: 'off',
    });
    taken.close();
    expect(res.code).toBe(1);
    expect(res.stderr.trim().split('\n')).toEqual([
      `Hestia could not start: Port ${taken.port} is not available; set PORT to a free port`,
    ]);
  });

  it('ends with one clear line naming MQTT_PORT when the broker port is taken', async () => {
    const taken = await takenPort();
    const res = await runMain({
      PORT: '0',
      MQTT_PORT: String(taken.port),
      DATA_DIR: tempDir(),
      SIMULATOR: 'off',
      DEMO: 'off',
    });
    taken.close();
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe(
      `Hestia could not start: MQTT port ${taken.port} is not available; set MQTT_PORT to a free port`,
    );
  });

  it('ends with one clear line naming DATA_DIR when the data directory cannot be created', async () => {
    // /proc refuses new directories even to root, unlike permission bits.
    const res = await runMain({
      PORT: '0',
      MQTT_PORT: '0',
      DATA_DIR: '/proc/hestia-data',
      SIMULATOR: 'off',
      DEMO: 'off',
    });
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toMatch(
      /^Hestia could not start: Cannot use the data directory .*; set DATA_DIR to a writable directory$/,
    );
  });

  it('refuses a data directory that is a file, naming DATA_DIR', async () => {
    const dir = tempDir();
    const file = join(dir, 'file');
    writeFileSync(file, 'x');
    const res = await runMain({ PORT: '0', MQTT_PORT: '0', DATA_DIR: file, SIMULATOR: 'off', DEMO: 'off' });
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toMatch(
      /^Hestia could not start: Cannot use the data directory .*; set DATA_DIR to a writable directory$/,
    );
  });

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
