// `npm start`: build the web app when it is missing or older than its sources, then run the server
// (embedded database, broker and simulated demo devices) in this same process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name === 'dist') continue;
    max = Math.max(max, newest(join(path, name)));
  }
  return max;
}

const built = join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'packages',
].map((p) => join(root, p));
const stale = !existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
if (stale && !process.env.WEB_DIST) {
  console.log('Building the web app...');
  const res = spawnSync('npm', ['run', 'build', '-w', '@hestia/web'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (res.status !== 0) {
    console.error('Hestia could not start: the web app did not build (see above)');
    process.exit(1);
  }
}

const { register } = await import('tsx/esm/api');
register();
await import(join(root, 'apps/server/src/main.ts'));
