// Writes apps/web/src/routes/control-screens.ts, the control screen names of the catalogue, for the route
// tree (which must not load the catalogue: issue 16, initial JavaScript), then formats it with Biome.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { profiles } from '@hestia/catalog';
import { controlScreenNamesOf } from '../src/routes/control-paths.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const file = fileURLToPath(new URL('../src/routes/control-screens.ts', import.meta.url));
const [generic, ...names] = controlScreenNamesOf(profiles);
if (generic === undefined) throw new Error('no generic control screen');
const source = [
  '// Generated from the catalogue by `node --import tsx apps/web/scripts/control-screens.ts`: do not edit.',
  '// The route tree names every control screen without loading the catalogue (issue 16, initial',
  '// JavaScript); control-paths.test.ts fails when this list falls behind the catalogue.',
  "import { GENERIC_CONTROL } from '../routes.ts';",
  '',
  '/** Every control screen name (spec section 2: one-pole, plugV4, curtain, …), the generic one first. */',
  'export const controlScreenNames: readonly string[] = [',
  '  GENERIC_CONTROL,',
  ...names.map((name) => `  ${JSON.stringify(name)},`),
  '];',
  '',
].join('\n');
writeFileSync(file, source);
execFileSync(`${root}node_modules/.bin/biome`, ['format', '--write', file], { cwd: root, stdio: 'inherit' });
console.log(`wrote ${file}`);
