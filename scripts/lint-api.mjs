// Lints the API description with Redocly (`npm run check`): writes the OpenAPI document the server
// serves at /api/docs, and the AsyncAPI one of /api/docs/asyncapi, to a temporary folder, then runs
// `redocly lint` on both with the repository's redocly.yaml. Redocly makes no network call: its
// telemetry and its update check are switched off by their documented variables.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(join(tmpdir(), 'hestia-api-'));
const openapi = join(dir, 'openapi.json');
const asyncapi = join(dir, 'asyncapi.json');

const generate = [
  "import { writeFileSync } from 'node:fs';",
  "import { openApiDocument } from './packages/contract/src/openapi.ts';",
  "import { asyncApiDocument } from './packages/contract/src/asyncapi.ts';",
  `writeFileSync(${JSON.stringify(openapi)}, JSON.stringify(openApiDocument(), null, 2));`,
  `writeFileSync(${JSON.stringify(asyncapi)}, JSON.stringify(asyncApiDocument(), null, 2));`,
].join('\n');

const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' };
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env }).status ?? 1;

let status = run(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', generate]);
if (status === 0)
  status = run(process.execPath, [
    join(root, 'node_modules/@redocly/cli/bin/cli.js'),
    'lint',
    '--config',
    join(root, 'redocly.yaml'),
    openapi,
    asyncapi,
  ]);
rmSync(dir, { recursive: true, force: true });
process.exit(status);
