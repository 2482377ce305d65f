import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

const realSet = globalThis.setInterval;
const realClear = globalThis.clearInterval;
afterEach(() => {
  globalThis.setInterval = realSet;
  globalThis.clearInterval = realClear;
});

describe('closing the server', () => {
  it('clears every repeating timer it started (job worker, caches, retention, refreshes)', async () => {
    const open = new Map<unknown, string>();
    globalThis.setInterval = ((fn: () => void, ms?: number, ...args: unknown[]) => {
      const handle = realSet(fn, ms, ...args);
      open.set(handle, new Error().stack?.split('\n').slice(2, 4).join(' ') ?? '');
      return handle;
    }) as typeof setInterval;
    globalThis.clearInterval = ((handle?: Parameters<typeof clearInterval>[0]) => {
      open.delete(handle);
      realClear(handle);
    }) as typeof clearInterval;
    const server = await createServer(
      loadConfig({
        PORT: '0',
        MQTT_PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: 'memory://',
        LOG_LEVEL: 'silent',
        DEMO: 'off',
      }),
      { outboxWrite: () => undefined },
    );
    expect(open.size).toBeGreaterThan(0);
    await server.close();
    expect([...open.values()]).toEqual([]);
  });
});
