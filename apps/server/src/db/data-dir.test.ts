import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureDir } from './data-dir.ts';

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('ensureDir', () => {
  it('creates every missing level of an absolute path, and is quiet when it exists', () => {
    const root = mkdtempSync(join(tmpdir(), 'hestia-dir-'));
    made.push(root);
    const deep = join(root, 'a', 'b', 'c');
    ensureDir(deep);
    expect(statSync(deep).isDirectory()).toBe(true);
    expect(() => ensureDir(deep)).not.toThrow();
  });

  it('ends for a relative path (its walk once looped for ever at ".") and creates it under the working directory', () => {
    const root = mkdtempSync(join(tmpdir(), 'hestia-dir-'));
    made.push(root);
    const rel = relative(process.cwd(), join(root, 'data', 'pg'));
    // In a child process with a deadline: a loop that never ends must fail this test, not hang the suite.
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import(${JSON.stringify(pathToFileURL(join(import.meta.dirname, 'data-dir.ts')).href)}).then((m) => { m.ensureDir(${JSON.stringify(rel)}); m.ensureDir('.'); })`,
      ],
      { timeout: 30_000, encoding: 'utf8' },
    );
    expect(run.signal, 'ensureDir did not return').toBeNull();
    expect(run.status, run.stderr).toBe(0);
    expect(existsSync(join(root, 'data', 'pg'))).toBe(true);
  }, 40_000);
});
