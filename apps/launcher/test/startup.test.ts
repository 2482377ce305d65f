import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript build script, without types
import { buildServer } from '../../../scripts/build-server.mjs';

const dirs: string[] = [];
const tempDir = (parent = tmpdir()) => {
  const d = mkdtempSync(join(parent, 'hestia-test-'));
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

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Run a launcher (its TypeScript source through tsx unless `args` say otherwise) and collect what it
 * prints. Once its output matches `until.output`, `until.check` runs and it is stopped; after `guardMs`
 * it is killed whatever happens: a start-up that wrongly
 * goes on running leaves no server behind. The guard leaves a loaded two-core machine a minute to
 * load the sources.
 */
function runMain(
  env: Record<string, string>,
  args = ['--import', 'tsx', resolve(import.meta.dirname, '../src/main.ts')],
  until?: { output: RegExp; check(stdout: string): Promise<void> },
  guardMs = 60_000,
): Promise<Run> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  let matched = false;
  child.stdout.on('data', (d) => {
    stdout += d;
    if (!until || matched || !until.output.test(stdout)) return;
    matched = true;
    until.check(stdout).then(
      () => child.kill('SIGTERM'),
      (err: unknown) => {
        stderr += `check failed: ${String(err)}`;
        child.kill('SIGTERM');
      },
    );
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const guard = setTimeout(() => child.kill('SIGKILL'), guardMs);
  return new Promise((r) =>
    child.on('exit', (code) => {
      clearTimeout(guard);
      r({ code, stdout, stderr });
    }),
  );
}

/**
 * The unpaired devices start-up printed: each line's AP answers `device_info` with its MAC, and the
 * operator's list (the key from DATA_DIR/operator.key) holds their factory records.
 */
async function unpairedSeen(stdout: string, url: string, dataDir: string) {
  const aps = [...stdout.matchAll(/^ {2}(Hestia-[0-9A-F]{4}) +\S+ +AP (http:\/\/127\.0\.0\.1:\d+)$/gm)];
  expect(aps.map((m) => m[1])).toEqual(['Hestia-0001', 'Hestia-0002']);
  for (const [, , ap] of aps) {
    const info = (await (await fetch(`${ap}/device_info`)).json()) as { mac: string };
    expect(info.mac).toMatch(/^A4:CF:12:18:00:0[12]$/);
  }
  const key = readFileSync(join(dataDir, 'operator.key'), 'utf8').trim();
  const list = await fetch(`${url}/api/operator/devices`, { headers: { authorization: `Bearer ${key}` } });
  const { data } = (await list.json()) as { data: Array<Record<string, unknown>> };
  return data
    .filter((r) => String(r.mac).startsWith('A4:CF:12:18:00:'))
    .map(({ mac, model, ownerId, token }) => ({ mac, model, ownerId, token }));
}

describe('start-up', () => {
  it('ends with one clear line naming PORT when the port is taken, before the database opens', async () => {
    const taken = await takenPort();
    const dataDir = tempDir();
    const res = await runMain({
      PORT: String(taken.port),
      MQTT_PORT: '0',
      DATA_DIR: dataDir,
      SIMULATOR: 'off',
      DEMO: 'off',
    });
    taken.close();
    expect(res.code).toBe(1);
    expect(res.stderr.trim().split('\n')).toEqual([
      `Hestia could not start: Port ${taken.port} is not available; set PORT to a free port`,
    ]);
    expect(readdirSync(dataDir)).toEqual([]);
  }, 90_000);

  it('ends with one clear line naming MQTT_PORT when the broker port is taken, before the database opens', async () => {
    const taken = await takenPort();
    const dataDir = tempDir();
    const res = await runMain({
      PORT: '0',
      MQTT_PORT: String(taken.port),
      DATA_DIR: dataDir,
      SIMULATOR: 'off',
      DEMO: 'off',
    });
    taken.close();
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe(
      `Hestia could not start: MQTT port ${taken.port} is not available; set MQTT_PORT to a free port`,
    );
    expect(readdirSync(dataDir)).toEqual([]);
  }, 90_000);

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
  }, 90_000);

  it('refuses a data directory that is a file, naming DATA_DIR', async () => {
    const dir = tempDir();
    const file = join(dir, 'file');
    writeFileSync(file, 'x');
    const res = await runMain({ PORT: '0', MQTT_PORT: '0', DATA_DIR: file, SIMULATOR: 'off', DEMO: 'off' });
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toMatch(
      /^Hestia could not start: Cannot use the data directory .*: a file, not a directory, is in the way \(E\w+\); set DATA_DIR to a writable directory$/,
    );
  }, 90_000);
});

describe('the built server', () => {
  it('starts from JavaScript alone: database and broker threads, demo devices, login', async () => {
    // Built beside the launcher's own bundle (dist/), as start.mjs builds it, without touching it.
    const launcherDist = resolve(import.meta.dirname, '../dist');
    mkdirSync(launcherDist, { recursive: true });
    const out = tempDir(launcherDist);
    await buildServer(out);
    const bundles = readdirSync(out).filter((f) => f.endsWith('.js'));
    for (const thread of [
      'main.js',
      'pglite-worker.js',
      'broker-thread.js',
      'external-broker-thread.js',
      'voice-worker.js',
    ])
      expect(bundles).toContain(thread);
    for (const b of bundles) expect(readFileSync(join(out, b), 'utf8')).not.toMatch(/from ["']tsx|["']tsx\//);

    const ready = /Simulating (\d+) devices/;
    let devices: unknown;
    const dataDir = tempDir();
    const env = {
      PORT: '0',
      MQTT_PORT: '0',
      DATA_DIR: dataDir,
      SIMULATOR: 'on',
      DEMO: 'on',
      LOG_LEVEL: 'silent',
    };
    let records: unknown;
    const res = await runMain(env, [join(out, 'main.js')], {
      output: ready,
      async check(stdout) {
        const url = (/running at (http:\/\/\S+)/.exec(stdout)?.[1] ?? '').replace('localhost', '127.0.0.1');
        records = await unpairedSeen(stdout, url, dataDir);
        const login = await fetch(`${url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'demo@hestia.local', password: 'HestiaDemo1' }),
        });
        const { token } = (await login.json()) as { token: string };
        const list = await fetch(`${url}/api/v1/customer/devices`, {
          headers: { authorization: `Bearer ${token}` },
        });
        devices = await list.json();
      },
    });
    expect(res.stderr).toBe('');
    expect(ready.exec(res.stdout)?.[1]).toBe('3');
    expect(JSON.stringify(devices)).toMatch(/Living room|relay|curtain/i);
    expect(res.code).toBe(0);
    // Start-up says what it does; a stop says so; the demo devices' state is kept for the next start.
    expect(res.stdout).toMatch(/^Starting Hestia: opening the embedded database/m);
    expect(res.stdout).toMatch(/^Hestia stopped\.$/m);
    expect(Object.keys(JSON.parse(readFileSync(join(dataDir, 'simulator-state.json'), 'utf8')))).toHaveLength(
      3,
    );
    // Two unpaired devices to add, their APs printed and answering; the next start reuses their records.
    expect(res.stdout).toMatch(/^Devices to add \(Add device; .*\):$/m);
    expect(records).toEqual([
      { mac: 'A4:CF:12:18:00:01', model: 'plug-metering', ownerId: null, token: expect.any(String) },
      { mac: 'A4:CF:12:18:00:02', model: 'switch-two-pole', ownerId: null, token: expect.any(String) },
    ]);
    let again: unknown;
    const second = await runMain(env, [join(out, 'main.js')], {
      output: ready,
      async check(stdout) {
        const url = (/running at (http:\/\/\S+)/.exec(stdout)?.[1] ?? '').replace('localhost', '127.0.0.1');
        again = await unpairedSeen(stdout, url, dataDir);
      },
    });
    expect([second.code, second.stderr]).toEqual([0, '']);
    expect(again).toEqual(records);
  }, 180_000);
});
