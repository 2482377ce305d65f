import { existsSync } from 'node:fs';
import { type ResourceLimits, Worker } from 'node:worker_threads';

/**
 * Whether this module runs from its TypeScript source (tests, `npm run dev`, the benchmarks) or from
 * the built bundle `npm start` runs (scripts/build-server.mjs, decision 024).
 */
const fromSource = import.meta.url.endsWith('.ts');

/** The first module of a thread started from TypeScript sources: it registers tsx, then imports its target. */
const tsEntry = new URL('./ts-worker-entry.mjs', import.meta.url);

/**
 * A worker thread running a module of ours, `file` being its TypeScript source (usually
 * `new URL('./x.ts', import.meta.url)`).
 *
 * - From sources, the thread starts with `ts-worker-entry.mjs`, which registers tsx in that thread
 *   (Node 20 does not share a thread's module loaders with its workers) and imports `file`.
 * - From the build, `file` resolves next to the bundle that asks (every thread's entry is bundled
 *   beside the launcher's, under its own name), and the thread runs that `.js` file: no tsx, no eval.
 */
export function tsWorker(file: URL, workerData?: unknown, resourceLimits?: ResourceLimits): Worker {
  if (!file.pathname.endsWith('.ts')) return new Worker(file, { workerData, resourceLimits });
  if (fromSource) return new Worker(tsEntry, { workerData, resourceLimits, argv: [file.href] });
  const built = new URL(file.href.replace(/\.ts$/, '.js'));
  if (!existsSync(built))
    throw new Error(`the built thread ${built.pathname} is missing; run npm start again`);
  return new Worker(built, { workerData, resourceLimits });
}
