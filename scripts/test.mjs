// `npm test`: typecheck, lint (code and the API description), build the web app, then every Vitest project (unit, integration,
// scaled, e2e in Chromium). Ends with one line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clusterTemplate } from './pglite-template.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
let passed = 0;
let failed = 0;

function step(name, cmd, args) {
  console.log(`\n=== ${name}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (res.status === 0) passed++;
  else {
    failed++;
    console.log(`=== ${name} FAILED`);
  }
  return res.status === 0;
}

step('typecheck', 'npx', ['tsc', '-b']);
step('lint and format (biome)', 'npx', ['biome', 'check', '.']);
step('lint the API description (redocly)', process.execPath, ['scripts/lint-api.mjs']);
step('build the web app', 'npm', ['run', 'build', '-w', '@hestia/web']);

// The empty cluster every test's embedded database copies (decision 024), made once per install
// before the suites start, so no test server runs initdb; should this fail, the first server makes it.
if (!existsSync(clusterTemplate)) {
  spawnSync(process.execPath, [join(root, 'scripts/pglite-template.mjs')], { cwd: root, stdio: 'inherit' });
}

mkdirSync(join(root, 'artifacts'), { recursive: true });
const report = join(root, 'artifacts/vitest.json');
rmSync(report, { force: true });
// The browser tier needs Chromium. Without it, say so in one line before anything runs; outside CI the
// browser tier is skipped (loudly, and counted as a failure-free skip); in CI a missing browser fails.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haveBrowser = existsSync(chromium);
const projects = haveBrowser ? [] : ['--project', 'unit', '--project', 'integration', '--project', 'scaled'];
if (!haveBrowser) {
  console.log(
    `\n=== No Chromium at ${chromium}: install it (apt-get install chromium) or set CHROMIUM_PATH. ` +
      (process.env.CI ? 'CI needs the browser tier: failing.' : 'SKIPPING the browser tier (e2e).'),
  );
  if (process.env.CI) failed++;
}
console.log(`\n=== vitest (${haveBrowser ? 'unit, integration, scaled, e2e' : 'unit, integration, scaled'})`);
spawnSync(
  'npx',
  ['vitest', 'run', ...projects, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  // A file that fails to load has no failed test but must still fail the run.
  failed += json.testResults.filter(
    (r) => r.status === 'failed' && r.assertionResults.every((a) => a.status !== 'failed'),
  ).length;
} else {
  failed++;
  console.log('=== vitest wrote no report');
}

if (!haveBrowser) console.log('=== The browser tier (e2e) was SKIPPED: no Chromium.');
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
