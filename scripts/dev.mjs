// `npm run dev`: the server restarting on change (on PORT, 8080 by default) and Vite's dev server with
// hot reload, proxying /api to that server. Open Vite's address (printed by Vite, 5173 by default):
// the server's own address serves the last built web app, without hot reload.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.PORT ?? '8080';
// Vite's proxy reads HESTIA_API_URL (apps/web/vite.config.ts); derived from PORT unless set.
const apiUrl = process.env.HESTIA_API_URL ?? `http://localhost:${port}`;
// The page comes from Vite's address, so the server lets that origin open its sockets (plugins/origins.ts).
const viteOrigins = 'http://localhost:5173,http://127.0.0.1:5173';
const corsOrigins = [process.env.CORS_ORIGINS, viteOrigins].filter(Boolean).join(',');
const env = { ...process.env, HESTIA_API_URL: apiUrl, CORS_ORIGINS: corsOrigins };
console.log(`npm run dev: the API on ${apiUrl}; open the address Vite prints below (hot reload).`);
const children = [
  spawn(process.execPath, ['--watch', '--import', 'tsx', 'apps/launcher/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
  spawn('npm', ['run', 'dev', '-w', '@hestia/web'], { cwd: root, stdio: 'inherit', env }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', stop);
