import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HestiaClient } from '@hestia/client';
import { UPLOAD_FILE_MAX_BYTES } from '@hestia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, type Stack, startStack } from './stack.ts';

/**
 * Issue 25, files: `files/upload` (images and PDFs up to 1 MB, the bytes of the type they claim),
 * `files/:id` for the uploader only, and the app package's `files/app/info` and `files/app/donwload`.
 * Every refusal is the wrapper.
 */
let stack: Stack;
let packageDir: string;
const tokens = {} as Record<'owner' | 'stranger', string>;

beforeAll(async () => {
  packageDir = mkdtempSync(join(tmpdir(), 'hestia-app-'));
  stack = await startStack({ APP_PACKAGE_DIR: packageDir });
  for (const who of ['owner', 'stranger'] as const) {
    await addUser(stack.server, `files-${who}@example.com`, 'FilesPass1');
    const client = new HestiaClient({ baseUrl: stack.server.url });
    tokens[who] = (await client.login(`files-${who}@example.com`, 'FilesPass1')).token;
  }
});
afterAll(async () => {
  await stack?.stop();
  rmSync(packageDir, { recursive: true, force: true });
});

interface Wrapped {
  data: { id: string; mime: string; size: number };
  isSuccess: boolean;
  message: string;
  statusCode: number;
}

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

async function upload(body: Buffer | string, type: string | undefined, token: string | null = tokens.owner) {
  const headers: Record<string, string> = {};
  if (type) headers['content-type'] = type;
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${stack.server.url}/api/v1/files/upload`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  return { status: res.status, body: (await res.json()) as Wrapped };
}

async function get(path: string, token: string | null = tokens.owner) {
  const res = await fetch(`${stack.server.url}/api/v1/${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return res;
}

describe('files/upload', () => {
  it('stores a PNG and a PDF and gives each back, with its type, to its uploader', async () => {
    for (const [bytes, type] of [
      [png, 'image/png'],
      [pdf, 'application/pdf'],
    ] as const) {
      const { status, body } = await upload(bytes, type);
      expect(status).toBe(200);
      expect(body).toMatchObject({ isSuccess: true, data: { mime: type, size: bytes.length } });
      const res = await get(`files/${body.data.id}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('takes a file of exactly 1 MB and refuses one byte more with 413 in the wrapper', async () => {
    const exact = Buffer.concat([png, Buffer.alloc(UPLOAD_FILE_MAX_BYTES - png.length)]);
    expect((await upload(exact, 'image/png')).status).toBe(200);
    const over = Buffer.concat([exact, Buffer.alloc(1)]);
    expect(await upload(over, 'image/png')).toMatchObject({
      status: 413,
      body: { isSuccess: false, statusCode: 413, data: null, message: 'The request is too large.' },
    });
  });

  it('refuses other types, a file lying about its type, an empty one and JSON with 400 and a clear message', async () => {
    const cases: Array<[Buffer | string, string | undefined, RegExp]> = [
      ['<svg onload=alert(1)>', 'image/svg+xml', /PNG, JPEG, WebP or PDF/],
      ['<html></html>', 'text/html', /PNG, JPEG, WebP or PDF/],
      ['plain', 'text/plain', /PNG, JPEG, WebP or PDF/],
      [JSON.stringify({ a: 1 }), 'application/json', /PNG, JPEG, WebP or PDF/],
      [png, 'application/octet-stream', /PNG, JPEG, WebP or PDF/],
      [png, undefined, /PNG, JPEG, WebP or PDF/],
      [pdf, 'image/png', /not the image\/png it claims to be/],
      [png, 'application/pdf', /not the application\/pdf it claims to be/],
      [Buffer.alloc(0), 'image/png', /empty/],
    ];
    for (const [body, type, message] of cases) {
      const r = await upload(body, type);
      expect([type, r.status, r.body.statusCode, r.body.isSuccess]).toEqual([type, 400, 400, false]);
      expect(String(r.body.message)).toMatch(message);
    }
  });

  it('refuses an upload without a token, and shows a file to nobody but its uploader', async () => {
    expect((await upload(png, 'image/png', null)).body).toMatchObject({
      statusCode: 400,
      message: 'token must exists',
    });
    const { body } = await upload(png, 'image/png');
    const stranger = await get(`files/${body.data.id}`, tokens.stranger);
    expect(stranger.status).toBe(404);
    const none = await get('files/00000000-0000-4000-8000-000000000000');
    expect(none.status).toBe(404);
    // The stranger's answer is the same as for a file that never was: nothing tells it exists.
    expect(await stranger.json()).toEqual(await none.json());
    expect((await get('files/not-a-uuid')).status).toBe(400);
    expect((await get(`files/${body.data.id}`, null)).status).toBe(400);
  });
});

describe('files/app', () => {
  it('answers 404 in the wrapper while no package is published', async () => {
    for (const path of ['files/app/info', 'files/app/donwload']) {
      const res = await get(path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(await res.json()).toMatchObject({ isSuccess: false, message: 'No app package is published.' });
    }
  });

  it('tells and sends the newest package: version, size and SHA-256 match the bytes sent', async () => {
    const old = Buffer.from('old package');
    const current = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(5000, 3)]);
    writeFileSync(join(packageDir, 'hestia-1.2.0.apk'), old);
    writeFileSync(join(packageDir, 'hestia-1.10.0.apk'), current);
    writeFileSync(join(packageDir, 'hestia-9.9.9.txt'), 'not a package');
    writeFileSync(join(packageDir, 'notes.md'), 'not a package');
    const sha256 = createHash('sha256').update(current).digest('hex');

    const info = await (await get('files/app/info')).json();
    expect(info).toEqual({
      data: { version: '1.10.0', size: current.length, sha256, fileName: 'hestia-1.10.0.apk' },
      isSuccess: true,
      message: 'OK',
      statusCode: 200,
    });
    const res = await get('files/app/donwload');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.android.package-archive');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="hestia-1.10.0.apk"');
    expect(res.headers.get('x-checksum-sha256')).toBe(sha256);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(sha256);

    // A new version replaces it, and the checksum follows the new bytes.
    const next = Buffer.from('PK\u0003\u0004 next');
    writeFileSync(join(packageDir, 'hestia-1.10.1.zip'), next);
    const after = await (await get('files/app/info')).json();
    expect(after.data).toEqual({
      version: '1.10.1',
      size: next.length,
      sha256: createHash('sha256').update(next).digest('hex'),
      fileName: 'hestia-1.10.1.zip',
    });
    expect((await get('files/app/info', null)).status).toBe(400);
  });
});
