// `npm start`: build the web app and the server when either is missing or older than its sources,
// then run the built server (embedded database, broker and simulated demo devices) with `node`:
// no TypeScript at run time (decision 024).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, entry, newest, serverEnv, serverFlags, serverStale } from './build-server.mjs';
import { clusterTemplate } from './pglite-template.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const built = join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  // The packages the web app imports (apps/web/package.json), not the whole folder.
  'packages/automation/src',
  'packages/catalog/src',
  'packages/client/src',
  'packages/contract/src',
].map((p) => join(root, p));
const stale = !existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
if (stale && !process.env.WEB_DIST) {
  console.log('Building the web app (its sources changed since the last build; about a minute)...');
  const res = spawnSync('npm', ['run', 'build', '-w', '@hestia/web'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (res.status !== 0) {
    console.error('Hestia could not start: the web app did not build (see above)');
    process.exit(1);
  }
}

if (serverStale()) {
  console.log('Building the server...');
  try {
    await buildServer();
  } catch {
    console.error('Hestia could not start: the server did not build (see above)');
    process.exit(1);
  }
}

// The empty cluster new databases copy, made once per install in a process of its own.
if (!existsSync(clusterTemplate)) {
  console.log('Preparing the embedded database...');
  const res = spawnSync(process.execPath, [join(root, 'scripts/pglite-template.mjs')], { stdio: 'inherit' });
  if (res.status !== 0) console.log('(the server will create it itself)');
}

// The server's own process, so its heap limit is set from its first line (decision 024); this one
// only passes signals on and ends with its exit code.
const child = spawn(process.execPath, [...serverFlags, entry], {
  cwd: root,
  stdio: 'inherit',
  env: { ...serverEnv, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
