import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * tsx's loader API (its ES module build), found from here so a worker starts the same whatever the
 * working directory; through require.resolve where import.meta.resolve is missing (test runners).
 */
const tsxApi =
  typeof import.meta.resolve === 'function'
    ? import.meta.resolve('tsx/esm/api')
    : pathToFileURL(
        createRequire(import.meta.url)
          .resolve('tsx/esm/api')
          .replace(/\.cjs$/, '.mjs'),
      ).href;

/**
 * A worker thread running a TypeScript module: the thread registers tsx first (loaders are not
 * shared between threads on Node 20), then imports `file` (a URL, usually
 * `new URL('./x.ts', import.meta.url)`).
 */
export function tsWorker(file: URL, workerData?: unknown): Worker {
  return new Worker(
    `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(file.href)}); })`,
    { eval: true, workerData },
  );
}
