import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadVapidKeys } from './web-push.ts';

/** The settings table's contract (first value stored wins), over a map. */
const settingsOver = (map: Map<string, string>) => ({
  async getOrCreate(key: string, make: () => string) {
    if (!map.has(key)) map.set(key, make());
    return map.get(key) as string;
  },
});

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('VAPID keys', () => {
  it('are made once and then read back from the server settings (one key for every instance)', async () => {
    const map = new Map<string, string>();
    const first = await loadVapidKeys(settingsOver(map), 'memory://');
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect(await loadVapidKeys(settingsOver(map), 'memory://')).toEqual(first);
  });

  it("take over the keys an earlier version kept in the data directory's vapid.json", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hestia-vapid-'));
    dirs.push(dir);
    writeFileSync(
      join(dir, 'vapid.json'),
      JSON.stringify({ publicKey: 'kept-public', privateKey: 'kept-private' }),
    );
    const map = new Map<string, string>();
    expect(await loadVapidKeys(settingsOver(map), dir)).toEqual({
      publicKey: 'kept-public',
      privateKey: 'kept-private',
    });
    writeFileSync(join(dir, 'vapid.json'), '{broken');
    const other = await loadVapidKeys(settingsOver(new Map()), dir);
    expect(other.publicKey).not.toBe('kept-public');
  });
});
