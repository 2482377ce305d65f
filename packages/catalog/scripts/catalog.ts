// `npm run catalog`: writes packages/catalog/catalog.json and docs/devices.md from the catalogue.
// The JSON is then formatted by Biome so that `npm run check` leaves the generated file alone.
// src/export.test.ts fails while either committed file differs from what this writes.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { catalogJson, devicesMarkdown } from '../src/export.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const json = fileURLToPath(new URL('../catalog.json', import.meta.url));
const md = fileURLToPath(new URL('../../../docs/devices.md', import.meta.url));
writeFileSync(json, catalogJson());
writeFileSync(md, devicesMarkdown());
execFileSync(`${root}node_modules/.bin/biome`, ['format', '--write', json], { cwd: root, stdio: 'inherit' });
console.log(`wrote ${json} and ${md}`);
