import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's folders depend one way (docs/architecture.md, "Server layout"). A part here is a
 * top-level folder of src (core, db, gateway, jobs, live, plugins, seed), a file at the top (app.ts,
 * device-edge.ts, ...), a module slice (modules/<resource>) or modules/index.ts. Imports between
 * parts may not go round in a circle, and the kernel below the modules imports only what is
 * written down here.
 */
const KERNEL: Record<string, string[]> = {
  'config.ts': [],
  'ts-worker.ts': [],
  db: ['config.ts', 'ts-worker.ts'],
  core: ['config.ts', 'db'],
  live: ['core'],
  plugins: ['core'],
  jobs: ['core', 'db'],
};

const SRC = dirname(fileURLToPath(import.meta.url));
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function partOf(path: string): string {
  const [first, second, third] = path.split('/');
  if (second === undefined) return path;
  if (first === 'modules' && third !== undefined) return `modules/${second}`;
  return first === 'modules' ? path : (first as string);
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** part → part it imports → one import that shows it ("from.ts → to.ts"). */
function partGraph(files: Map<string, string>): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const [file, text] of files) {
    const from = partOf(file);
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const m of text.matchAll(IMPORT)) {
      const target = posix.normalize(posix.join(posix.dirname(file), (m[1] ?? m[2]) as string));
      const to = partOf(target);
      if (to !== from && !edges.has(to)) edges.set(to, `${file} → ${target}`);
    }
  }
  return graph;
}

/** Every circle (strongly connected set of more than one part), each named with its imports. */
function circles(graph: Map<string, Map<string, string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v) as number);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const set: string[] = [];
    for (;;) {
      const w = stack.pop() as string;
      onStack.delete(w);
      set.push(w);
      if (w === v) break;
    }
    if (set.length > 1)
      found.push(
        set.flatMap((a) =>
          set.flatMap((b) => (graph.get(a)?.has(b) ? [graph.get(a)?.get(b) as string] : [])),
        ),
      );
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return found;
}

const tree = () =>
  partGraph(
    new Map(
      sources(SRC).map((path) => [relative(SRC, path).split('\\').join('/'), readFileSync(path, 'utf8')]),
    ),
  );

describe('server layout', () => {
  it('finds a circle, and only a circle', () => {
    const files = new Map([
      ['gateway/gateway.ts', "import type { A } from '../modules/telemetry/a.ts';"],
      ['modules/telemetry/a.ts', "import { b } from './b.ts';\nexport { K } from '../../gateway/keys.ts';"],
      ['modules/telemetry/b.ts', "const c = await import('../../core/c.ts');"],
      ['core/c.ts', ''],
    ]);
    expect(circles(partGraph(files))).toEqual([
      ['modules/telemetry/a.ts → gateway/keys.ts', 'gateway/gateway.ts → modules/telemetry/a.ts'],
    ]);
    files.delete('gateway/gateway.ts');
    expect(circles(partGraph(files))).toEqual([]);
  });

  it('has no circle between its folders, top-level files and module slices', () => {
    expect(circles(tree())).toEqual([]);
  });

  it('keeps the kernel below the modules: each part imports only what is written down for it', () => {
    const graph = tree();
    const outside = Object.entries(KERNEL).flatMap(([part, allowed]) =>
      [...(graph.get(part) ?? new Map<string, string>())].flatMap(([to, example]) =>
        allowed.includes(to) ? [] : [example],
      ),
    );
    expect(outside).toEqual([]);
    expect([...graph.keys()].filter((p) => p.startsWith('modules/')).length).toBeGreaterThan(5);
  });
});
