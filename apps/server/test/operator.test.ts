import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverSettings } from '../src/db/schema.ts';
import { DEMO_EMAIL } from '../src/seed/demo.ts';
import { type Stack, startStack } from './stack.ts';

/**
 * The operator's device records: the routes under /api/operator and `npm run devices` itself,
 * spawned against a running server whose embedded database lives in a real folder (so the server
 * writes DATA_DIR/operator.key), docs/decisions/020.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const cli = join(root, 'scripts/devices.mjs');
let stack: Stack;
let dataDir: string;
let key: string;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run devices -- ...args`, with only the settings given (none inherited from this process). */
function devices(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const base: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !['OPERATOR_KEY', 'DATA_DIR', 'PORT', 'HESTIA_URL'].includes(k)) base[k] = v;
  return new Promise((done) => {
    execFile(
      process.execPath,
      [cli, ...args],
      {
        cwd: root,
        env: { ...base, HESTIA_URL: stack.server.url, DATA_DIR: dataDir, ...env },
        maxBuffer: 64 * 1024 * 1024,
      },
      (err, stdout, stderr) =>
        done({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function ok(args: string[], env?: Record<string, string>): Promise<string> {
  const r = await devices(args, env);
  expect([r.code, r.stderr]).toEqual([0, '']);
  return r.stdout;
}

async function refused(args: string[], env?: Record<string, string>): Promise<string> {
  const r = await devices(args, env);
  expect([r.code, r.stdout]).toEqual([1, '']);
  return r.stderr;
}

type Rec = { id: string; mac: string | null; model: string; ownerEmail: string | null; token: string };
const list = async (): Promise<Rec[]> => JSON.parse(await ok(['list', '--json']));

/** A MAC from a number. */
const mac = (n: number) =>
  (n + 0x0200_0000_0000).toString(16).toUpperCase().padStart(12, '0').match(/../g)?.join(':') as string;

function csvFile(name: string, text: string): string {
  const file = join(dataDir, name);
  writeFileSync(file, text);
  return file;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as { port: number }).port;
  await new Promise((r) => srv.close(r));
  return port;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'hestia-operator-'));
  stack = await startStack({ DATA_DIR: dataDir });
  key = readFileSync(join(dataDir, 'operator.key'), 'utf8').trim();
});
afterAll(async () => {
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('operator key', () => {
  it('is generated once, kept in the database and written to DATA_DIR/operator.key for its owner only', async () => {
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(join(dataDir, 'operator.key')).mode & 0o777).toBe(0o600);
    const [row] = await stack.server.database.db
      .select()
      .from(serverSettings)
      .where(eq(serverSettings.key, 'operator_key'));
    expect(row?.value).toBe(key);
  });

  it('guards every operator route; the answers are in the wrapper', async () => {
    for (const [method, path] of [
      ['GET', '/devices'],
      ['POST', '/devices'],
      ['POST', '/devices/import'],
      ['POST', '/provision-keys'],
    ] as const) {
      for (const auth of [undefined, `Basic ${key}`]) {
        const res = await fetch(`${stack.server.url}/api/operator${path}`, {
          method,
          headers: auth ? { authorization: auth } : {},
        });
        expect([method, path, res.status, await res.json()]).toEqual([
          method,
          path,
          401,
          { data: null, isSuccess: false, message: expect.stringMatching(/operator key/), statusCode: 401 },
        ]);
      }
    }
    const res = await fetch(`${stack.server.url}/api/operator/devices`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(await res.json()).toMatchObject({ isSuccess: true, statusCode: 200, message: 'OK' });
    // Those eight wrong keys count against this requester: start the next cases with a new window.
    stack.advance(15 * 60_000 + 1000);
  });
});

describe('npm run devices', () => {
  it('adds a device and prints its id, MAC and token', async () => {
    const out = JSON.parse(
      await ok(['add', '--model', 'switch-one-pole', '--mac', 'a4-cf-12-00-00-01', '--json']),
    );
    expect(out).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      mac: 'A4:CF:12:00:00:01',
      token: expect.stringMatching(/^[A-Za-z0-9_-]{20}$/),
    });
    expect(await ok(['add', '--model', 'plug-metering', '--mac', 'A4CF12000002'])).toMatch(
      /^Added A4:CF:12:00:00:02: id [0-9a-f-]{36}, token \S+\n$/,
    );
    const records = await list();
    expect(records.find((r) => r.id === out.id)).toMatchObject({
      mac: 'A4:CF:12:00:00:01',
      model: 'switch-one-pole',
      ownerEmail: null,
      token: out.token,
    });
    // Nobody owns it, so nobody sees it.
    expect((await stack.client.listDevices()).map((d) => d.id)).not.toContain(out.id);
  });

  it('adds a device owned by an account at once, with the token given', async () => {
    const out = JSON.parse(
      await ok([
        'add',
        '--model',
        'curtain-single',
        '--mac',
        'A4:CF:12:00:00:03',
        '--owner',
        DEMO_EMAIL.toUpperCase(),
        '--token',
        'Operator-Chosen-1',
        '--json',
      ]),
    );
    expect(out.token).toBe('Operator-Chosen-1');
    expect((await list()).find((r) => r.id === out.id)?.ownerEmail).toBe(DEMO_EMAIL);
    const seen = await stack.client.call('getDevice', { params: { id: out.id } });
    expect([seen.access, seen.name]).toEqual(['owner', 'A4:CF:12:00:00:03']);
  });

  it('says clearly what is wrong with an add', async () => {
    expect(await refused(['add', '--model', 'toaster-9000', '--mac', 'A4:CF:12:00:01:01'])).toMatch(
      /unknown model "toaster-9000"/,
    );
    expect(await refused(['add', '--model', 'switch-one-pole', '--mac', 'A4:CF:12:00:01'])).toMatch(
      /"A4:CF:12:00:01" is not a MAC address/,
    );
    expect(await refused(['add', '--model', 'switch-one-pole', '--mac', 'a4:cf:12:00:00:01'])).toMatch(
      /a device with MAC A4:CF:12:00:00:01 already exists/,
    );
    expect(
      await refused([
        'add',
        '--model',
        'switch-one-pole',
        '--mac',
        'A4:CF:12:00:01:02',
        '--owner',
        'nobody@example.com',
      ]),
    ).toMatch(/no account has the email "nobody@example.com"/);
    expect(
      await refused([
        'add',
        '--model',
        'switch-one-pole',
        '--mac',
        'A4:CF:12:00:01:03',
        '--token',
        'Operator-Chosen-1',
      ]),
    ).toMatch(/another device already has this token/);
    expect(await refused(['add', '--model', 'switch-one-pole'])).toMatch(/--mac is required/);
    expect(await refused(['frobnicate'])).toMatch(/Unknown command "frobnicate"/);
    // None of the refused adds left a record.
    const macs = new Set((await list()).map((r) => r.mac));
    for (const m of ['A4:CF:12:00:01:01', 'A4:CF:12:00:01:02', 'A4:CF:12:00:01:03'])
      expect(macs.has(m)).toBe(false);
  });

  it('imports a factory batch of 2,000 devices, all or nothing', async () => {
    const before = (await list()).length;
    const rows = Array.from({ length: 2000 }, (_, i) =>
      i % 2 === 0 ? `${mac(i)},switch-two-pole,` : `${mac(i).toLowerCase()},plug-metering,Batch-Token-${i}`,
    );
    const file = csvFile('batch.csv', `mac,model,token\r\n${rows.join('\r\n')}\r\n`);
    expect(await ok(['import', file])).toBe(`Imported 2000 devices from ${file}.\n`);
    const after = await list();
    expect(after).toHaveLength(before + 2000);
    const byMac = new Map(after.map((r) => [r.mac, r]));
    expect(byMac.get(mac(1))).toMatchObject({
      model: 'plug-metering',
      token: 'Batch-Token-1',
      ownerEmail: null,
    });
    expect(byMac.get(mac(1998))).toMatchObject({
      model: 'switch-two-pole',
      token: expect.stringMatching(/\S{20}/),
    });

    // A bad row anywhere refuses the whole file, naming its line (header is line 1).
    const more = Array.from({ length: 2000 }, (_, i) => `${mac(10_000 + i)},switch-one-pole`);
    more[1498] = `${mac(11_498)},toaster-9000`;
    expect(await refused(['import', csvFile('bad-model.csv', `mac,model\n${more.join('\n')}\n`)])).toMatch(
      /Nothing imported: line 1500: unknown model "toaster-9000"/,
    );
    more[1498] = `${mac(1)},switch-one-pole`;
    expect(await refused(['import', csvFile('taken-mac.csv', `mac,model\n${more.join('\n')}\n`)])).toMatch(
      /Nothing imported: line 1500: a device with MAC 02:00:00:00:00:01 already exists/,
    );
    more[1498] = `${mac(11_498)},switch-one-pole,Batch-Token-3`;
    const withTokens = more.map((r, i) => (i === 1498 ? r : `${r},`));
    expect(
      await refused(['import', csvFile('taken-token.csv', `mac,model,token\n${withTokens.join('\n')}\n`)]),
    ).toMatch(/Nothing imported: line 1500: another device already has this token/);
    more[1498] = 'zz:zz,switch-one-pole';
    expect(await refused(['import', csvFile('bad-mac.csv', `mac,model\n${more.join('\n')}\n`)])).toMatch(
      /line 1500: "zz:zz" is not a MAC address/,
    );
    expect(await refused(['import', join(dataDir, 'missing.csv')])).toMatch(
      /Cannot read .*missing\.csv: no such file/,
    );
    expect(await list()).toHaveLength(before + 2000);
  });

  it('lists id, MAC, model, owner and token', async () => {
    const text = await ok(['list']);
    const [header, ...lines] = text.trimEnd().split('\n');
    expect(header?.split(/\s+/)).toEqual(['id', 'mac', 'model', 'owner', 'token']);
    const demo = lines.find((l) => l.includes('A4:CF:12:00:00:03'));
    expect(demo?.split(/\s+/)).toEqual([
      expect.any(String),
      'A4:CF:12:00:00:03',
      'curtain-single',
      DEMO_EMAIL,
      'Operator-Chosen-1',
    ]);
    // The demo's simulated devices have no MAC and are listed too.
    expect(lines.filter((l) => l.split(/\s+/)[1] === '-').length).toBeGreaterThanOrEqual(3);
  });

  it('prints a model’s provisioning key and secret, the same each time', async () => {
    const first = JSON.parse(await ok(['provision-keys', '--model', 'switch-one-pole', '--json']));
    expect(first).toEqual({
      provisionDeviceKey: expect.stringMatching(/^[a-z0-9]{20}$/),
      provisionDeviceSecret: expect.stringMatching(/^[a-z0-9]{20}$/),
    });
    expect(JSON.parse(await ok(['provision-keys', '--model', 'switch-one-pole', '--json']))).toEqual(first);
    expect(await refused(['provision-keys', '--model', 'nope'])).toMatch(/unknown model "nope"/);
    // The keys provision a device that the batch imported.
    const answer = await stack.server.provisioning.provision(
      JSON.stringify({ ...first, deviceName: mac(1998) }),
    );
    // Keys of another model than the imported device's are refused.
    expect(answer.status).toBe('FAILURE');
    const own = JSON.parse(await ok(['provision-keys', '--model', 'switch-two-pole', '--json']));
    const provisioned = await stack.server.provisioning.provision(
      JSON.stringify({ ...own, deviceName: mac(1998) }),
    );
    const token = (await list()).find((r) => r.mac === mac(1998))?.token;
    expect(provisioned).toEqual({
      status: 'SUCCESS',
      credentialsType: 'ACCESS_TOKEN',
      credentialsValue: token,
    });
  });

  it('takes the key from OPERATOR_KEY, and says what to do without a key, with a wrong one, or without a server', async () => {
    const elsewhere = join(dataDir, 'no-such-dir');
    expect(
      JSON.parse(await ok(['list', '--json'], { OPERATOR_KEY: key, DATA_DIR: elsewhere })).length,
    ).toBeGreaterThan(2000);
    expect(await refused(['list'], { DATA_DIR: elsewhere })).toMatch(
      /No operator key: set OPERATOR_KEY .* \(npm start\) so it writes .*no-such-dir\/operator\.key/,
    );
    expect(await refused(['list'], { OPERATOR_KEY: 'not-the-key' })).toMatch(
      /The server refused the operator key \(The operator key is not valid\.\)/,
    );
    const port = await closedPort();
    expect(await refused(['list'], { HESTIA_URL: `http://127.0.0.1:${port}` })).toMatch(
      new RegExp(`No Hestia server answers at http://127\\.0\\.0\\.1:${port}\\. Start it with \`npm start\``),
    );
  });

  it('limits wrong operator keys per requester', async () => {
    stack.advance(15 * 60_000 + 1000);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${stack.server.url}/api/operator/devices`, {
        headers: { authorization: `Bearer wrong-${i}` },
      });
      statuses.push(res.status);
    }
    // Ten wrong keys in a window; then every request is refused until the window ends, the right key too.
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    expect(await refused(['list'])).toMatch(/Too many wrong operator keys/);
    stack.advance(15 * 60_000 + 1000);
    expect(JSON.parse(await ok(['list', '--json'])).length).toBeGreaterThan(2000);
  });
});
