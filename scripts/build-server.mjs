// Builds the server for production (decision 024): the launcher (apps/launcher: server plus simulated
// demo fleet) and each worker thread's module bundled by esbuild into apps/launcher/dist, one
// JavaScript file per thread. Our workspace packages are bundled from their TypeScript sources; every
// package from npm stays external and loads from node_modules as usual (PGlite finds its WebAssembly
// files, argon2 its native binding). `node scripts/build-server.mjs` builds; start.mjs builds when
// the bundle is missing or older than its sources.
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const outdir = join(root, 'apps/launcher/dist');
export const entry = join(outdir, 'main.js');

/**
 * Node's flags for the server's process (decision 024): the main thread's heap limit (the worker
 * threads have their own, where they start) and a small young generation in every thread (2 MB
 * semi-spaces: the first start's peak 405 → 367 MB, the warm idle a few MB less, no cost measured on
 * the ingest benchmark). `MEMORY_MODE=lean`
 * also runs the embedded database's WebAssembly on V8's baseline compiler only: ~60 MB less, for a
 * lower ingest ceiling.
 */
export const serverFlags = [
  '--max-old-space-size=160',
  '--max-semi-space-size=2',
  ...(process.env.MEMORY_MODE === 'lean' ? ['--liftoff-only'] : []),
];
/** Its environment, unless set already: glibc keeps two malloc arenas, not eight per core. */
export const serverEnv = { MALLOC_ARENA_MAX: '2' };

/**
 * Each thread's entry, named as its source file: ts-worker.ts finds a thread's bundle beside the
 * launcher's under its source's name, with `.js`.
 */
const entryPoints = {
  main: 'apps/launcher/src/main.ts',
  'pglite-worker': 'apps/server/src/db/pglite-worker.ts',
  'broker-thread': 'apps/server/src/gateway/broker-thread.ts',
  'external-broker-thread': 'apps/server/src/gateway/external-broker-thread.ts',
  'voice-worker': 'apps/server/src/modules/voice/voice-worker.ts',
};

/** What the bundle is made of: when any of it is newer than the bundle, it is built again. */
const sources = [
  'apps/launcher',
  'apps/server/src',
  'apps/simulator/src',
  'packages',
  'package-lock.json',
  'scripts/build-server.mjs',
];

/** The newest modification time under `path` (dependencies, builds and tests aside). */
/** Files that never change what is built: tests, their snapshots, docs. */
const notBuilt = (name) =>
  name === 'node_modules' ||
  name === 'dist' ||
  name === 'test' ||
  name === '__snapshots__' ||
  /\.test\.tsx?$|\.md$/.test(name);

/** The newest change among the files under `path` that go into a build (0 if none). */
export function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const name of readdirSync(path)) {
    if (notBuilt(name)) continue;
    max = Math.max(max, newest(join(path, name)));
  }
  return max;
}

export function serverStale() {
  const built = Object.keys(entryPoints).map((n) => join(outdir, `${n}.js`));
  if (!built.every((f) => existsSync(f))) return true;
  const oldest = Math.min(...built.map((f) => statSync(f).mtimeMs));
  return Math.max(...sources.map((p) => newest(join(root, p)))) > oldest;
}

/** Bare imports outside our workspace stay imports; `@hestia/*` is bundled from its sources. */
const npmExternal = {
  name: 'npm-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@hestia/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer(out = outdir) {
  const { build, stop } = await import('esbuild');
  // The last build's files go (its chunks are named by their hash); folders in it are left alone.
  if (existsSync(out)) {
    for (const name of readdirSync(out)) if (/\.js(\.map)?$/.test(name)) rmSync(join(out, name));
  }
  await build({
    absWorkingDir: root,
    entryPoints,
    outdir: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The server's code is its own chunk, loaded after the start-up checks (apps/launcher/src/main.ts),
    // beside the entries: code that finds files from its own URL finds them from any of them.
    splitting: true,
    chunkNames: '[name]-[hash]',
    target: 'node20',
    sourcemap: 'linked',
    sourcesContent: false,
    keepNames: true,
    logLevel: 'warning',
    plugins: [npmExternal],
  });
  // esbuild's service process would otherwise stay beside the server `npm start` runs next.
  await stop();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildServer(process.argv[2] ?? outdir);
  console.log(`Built the server in ${Date.now() - started} ms`);
}
