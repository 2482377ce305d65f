import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * Issue 27: the Node versions package.json declares are the ones every installed package supports.
 * The lockfile records each package's `engines.node`; the oldest declared Node must satisfy all of
 * them (cookie@2 and content-disposition@3 once wanted Node 22 while Hestia said 20.19).
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'));

describe('engines', () => {
  it('every locked package runs on the oldest Node that package.json declares', () => {
    const declared: string = read('package.json').engines.node;
    const oldest = semver.minVersion(declared)?.version;
    expect(oldest).toBeDefined();
    const lock = read('package-lock.json') as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const unmet = Object.entries(lock.packages)
      .filter(([where, meta]) => where !== '' && !Array.isArray(meta.engines) && meta.engines?.node)
      .filter(([, meta]) => !semver.satisfies(oldest as string, (meta.engines as { node: string }).node))
      .map(
        ([where, meta]) => `${where}@${meta.version} wants node ${(meta.engines as { node: string }).node}`,
      );
    expect(unmet).toEqual([]);
  });
});
