import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type HestiaServer } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

/** A raw GET, so the test sees the bytes and headers as sent (fetch would decompress them itself). */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      request(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
}

describe('the served web app', () => {
  const dist = mkdtempSync(join(tmpdir(), 'hestia-web-'));
  const script = `console.log(${JSON.stringify('hestia '.repeat(400))});\n`;
  const html = `<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;
  let server: HestiaServer;

  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    for (const [path, text] of [
      ['index.html', html],
      ['assets/index-AbC123.js', script],
      ['sw.js', script],
    ] as const) {
      writeFileSync(join(dist, path), text);
      writeFileSync(join(dist, `${path}.br`), brotliCompressSync(text));
      writeFileSync(join(dist, `${path}.gz`), gzipSync(text));
    }
    server = await createServer(
      loadConfig({
        PORT: '0',
        MQTT_PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: 'memory://',
        LOG_LEVEL: 'silent',
        WEB_DIST: dist,
      }),
    );
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the brotli copy to a browser that accepts it, gzip to one that takes only gzip, plain text otherwise', async () => {
    const br = await get(`${server.url}/assets/index-AbC123.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(script.length / 10);

    const gz = await get(`${server.url}/assets/index-AbC123.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const plain = await get(`${server.url}/assets/index-AbC123.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('lets hashed assets be kept for a year and makes the shell, the worker and in-app addresses revalidate', async () => {
    const asset = await get(`${server.url}/assets/index-AbC123.js`, { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/index.html', '/sw.js', '/dashboard', '/device/1234/control']) {
      const res = await get(`${server.url}${path}`, { 'accept-encoding': 'br' });
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers['x-frame-options'], path).toBe('DENY');
    }
    const fallback = await get(`${server.url}/dashboard`, { 'accept-encoding': 'br' });
    expect(fallback.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(fallback.body).toString()).toBe(html);
  });

  it('never serves the compressed copies by their own names', async () => {
    const res = await get(`${server.url}/assets/index-AbC123.js.br`);
    expect(res.status).toBe(404);
  });

  it('answers the API as before, uncached by these rules', async () => {
    const res = await get(`${server.url}/api/v1/no-such-route`);
    expect(res.status).toBe(404);
    expect(JSON.parse(res.body.toString())).toMatchObject({ isSuccess: false, statusCode: 404 });
  });
});
