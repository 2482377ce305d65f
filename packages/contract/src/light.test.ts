import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Modules each module loads at run time (`import type` and `export type` load nothing). */
function runtimeImports(file: URL): string[] {
  const source = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of source.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^;]*?\sfrom\s+)?'([^']+)';/gm)) {
    if (!m[1] && m[2]) out.push(m[2]);
  }
  return out;
}

describe('@hestia/contract/light', () => {
  it('loads no zod, directly or through another module (issue 16, initial JavaScript)', () => {
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: URL) => {
      if (seen.has(file.href)) return;
      seen.add(file.href);
      for (const spec of runtimeImports(file)) {
        if (spec.startsWith('.')) visit(new URL(spec, file));
        else packages.add(spec);
      }
    };
    visit(new URL('./light.ts', import.meta.url));
    expect(seen.size).toBeGreaterThan(5);
    expect([...packages]).toEqual([]);
  });
});
