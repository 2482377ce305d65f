// Runs after every npm install (root postinstall). Adds lockfile entries for optional dependencies the registry mirror does not carry (other platforms),
// so `npm ci` finds the lockfile in sync; npm skips or tolerates them at install time.
import { readFileSync, writeFileSync } from 'node:fs';

const path = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(readFileSync(path, 'utf8'));
const pkgs = lock.packages;
let added = 0;
for (const [where, meta] of Object.entries(pkgs)) {
  for (const [name, range] of Object.entries(meta.optionalDependencies ?? {})) {
    const base = where === '' ? '' : `${where}/`;
    const candidates = [`${base}node_modules/${name}`, `node_modules/${name}`];
    if (candidates.some((c) => pkgs[c])) continue;
    const version = String(range).replace(/^[\^~=]/, '');
    pkgs[`node_modules/${name}`] = { version, dev: meta.dev || undefined, optional: true };
    added++;
  }
}
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} optional entries`);
