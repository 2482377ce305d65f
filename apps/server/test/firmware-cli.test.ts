import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_FIRMWARE_BYTES } from '@hestia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firmwareFile, storePackage } from './firmware-kit.ts';
import { type Stack, startStack } from './stack.ts';

/**
 * `npm run firmware` itself, spawned against a running server whose embedded database lives in a
 * real folder (so the CLI finds DATA_DIR/operator.key), and the operator route behind it (issue 20).
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const cli = join(root, 'scripts/firmware.mjs');
let stack: Stack;
let dataDir: string;

function firmware(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !['OPERATOR_KEY', 'DATA_DIR', 'PORT', 'HESTIA_URL'].includes(k)) env[k] = v;
  return new Promise((done) => {
    execFile(
      process.execPath,
      [cli, ...args],
      { cwd: root, env: { ...env, HESTIA_URL: stack.server.url, DATA_DIR: dataDir } },
      (err, stdout, stderr) =>
        done({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A file in the test's folder. */
function file(name: string, bytes: Buffer | string): string {
  const path = join(dataDir, name);
  writeFileSync(path, bytes);
  return path;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'hestia-firmware-'));
  stack = await startStack({ DATA_DIR: dataDir });
}, 60_000);
afterAll(async () => {
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run firmware', () => {
  it('stores a package for a model and prints its size and SHA-256; --json gives the record', async () => {
    const image = firmwareFile(3000);
    const path = file('plug-8.bin', image.bytes);
    const text = await firmware(['add', '--profile', 'plug-basic', '--version', '8', '--file', path]);
    expect(text).toMatchObject({ code: 0, stderr: '' });
    expect(text.stdout).toMatch(
      new RegExp(
        `^Stored plug-basic firmware 8: 3000 bytes, SHA-256 ${image.sha256} \\(id [0-9a-f-]{36}\\)\\.\\n$`,
      ),
    );
    const json = await firmware([
      'add',
      '--profile',
      'plug-basic',
      '--version',
      '8.1',
      '--file',
      path,
      '--json',
    ]);
    expect(JSON.parse(json.stdout)).toMatchObject({
      profile: 'plug-basic',
      title: 'plug-basic',
      version: '8.1',
      size: 3000,
      checksum: image.sha256,
      checksumAlgorithm: 'SHA256',
    });
    const list = JSON.parse((await firmware(['list', '--profile', 'plug-basic', '--json'])).stdout);
    expect(list.map((p: { version: string }) => p.version).sort()).toEqual(['8', '8.1']);
    expect((await firmware(['list'])).stdout).toMatch(/^model\s+version\s+size\s+sha256\s+added\n/);
  });

  it('says clearly what is wrong: a missing option, an unknown model, no file, an empty or too big file, a bad or taken version', async () => {
    const ok = file('ok.bin', firmwareFile(100).bytes);
    const big = file('big.bin', '');
    truncateSync(big, MAX_FIRMWARE_BYTES + 1);
    const cases: Array<[string[], RegExp]> = [
      [['add', '--version', '9', '--file', ok], /^--profile is required\./],
      [['add', '--profile', 'plug-basic', '--file', ok], /^--version is required\./],
      [
        ['add', '--profile', 'no-such-model', '--version', '9', '--file', ok],
        /^profile: unknown model "no-such-model"/,
      ],
      [
        ['add', '--profile', 'plug-basic', '--version', '9', '--file', join(dataDir, 'none.bin')],
        /no such file/,
      ],
      [
        ['add', '--profile', 'plug-basic', '--version', '9', '--file', file('empty.bin', '')],
        /is empty: nothing to store/,
      ],
      [
        ['add', '--profile', 'plug-basic', '--version', '9', '--file', big],
        /^big\.bin is too big: 4194305 bytes, at most 4194304 \(4 MiB\)/,
      ],
      [
        ['add', '--profile', 'plug-basic', '--version', 'v9-beta', '--file', ok],
        /^version: up to four dot-separated numbers/,
      ],
      [
        ['add', '--profile', 'plug-basic', '--version', '8', '--file', ok],
        /^Model plug-basic already has firmware version 8; give the new file a new version\.$/m,
      ],
      [['remove'], /^Unknown command "remove"/],
    ];
    for (const [args, message] of cases) {
      const r = await firmware(args);
      expect([args.join(' '), r.code, r.stdout]).toEqual([args.join(' '), 1, '']);
      expect(r.stderr).toMatch(message);
    }
  });

  it('is refused by the server too when the file is too big or not base64, in the wrapper', async () => {
    const tooBig = await storePackage(stack, {
      profile: 'plug-basic',
      version: '10',
      data: Buffer.alloc(MAX_FIRMWARE_BYTES + 1).toString('base64'),
    });
    expect(tooBig).toEqual({
      status: 413,
      body: {
        data: null,
        isSuccess: false,
        statusCode: 413,
        message: 'The firmware file is too big: 4194305 bytes, at most 4194304 (4 MiB).',
      },
    });
    const notBase64 = await storePackage(stack, {
      profile: 'plug-basic',
      version: '10',
      data: 'not base64!',
    });
    expect([notBase64.status, notBase64.body.message]).toEqual([
      400,
      'data: the file must be sent as base64',
    ]);
  });
});
