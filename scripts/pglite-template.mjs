// Creates the empty PostgreSQL cluster every new embedded database starts as a copy of (decision 024):
// PGlite creates a cluster by running initdb with a second PostgreSQL instance, which takes seconds
// and hundreds of MB, so it is done once per install, here, in a process of its own that then ends,
// instead of in the server. The path is the one apps/server/src/db/pglite-remote.ts reads; the server
// makes the template itself when it finds none (tests, `npm run dev`).
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const pgliteDir = dirname(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')));
const { version } = JSON.parse(readFileSync(join(pgliteDir, 'package.json'), 'utf8'));
export const clusterTemplate = join(pgliteDir, '../../.cache/hestia', `pglite-${version}-cluster.tar`);

export async function makeClusterTemplate() {
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = new PGlite();
  await pg.waitReady;
  const tar = await pg.dumpDataDir('none');
  await pg.close();
  mkdirSync(dirname(clusterTemplate), { recursive: true });
  const part = `${clusterTemplate}.${process.pid}`;
  writeFileSync(part, Buffer.from(await tar.arrayBuffer()));
  renameSync(part, clusterTemplate);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  await makeClusterTemplate();
}
