// Writes packages/contract/src/route-index.ts from routes.ts, then formats it with Biome so that
// `npm run check` leaves the generated file alone.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { routeIndexSource } from '../src/route-index-source.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const file = fileURLToPath(new URL('../src/route-index.ts', import.meta.url));
writeFileSync(file, routeIndexSource());
execFileSync(`${root}node_modules/.bin/biome`, ['format', '--write', file], { cwd: root, stdio: 'inherit' });
console.log(`wrote ${file}`);
