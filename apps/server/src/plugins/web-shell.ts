import { basename } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Cache rules for the built web app. Vite names every file under `assets/` (and Workbox its runtime)
 * after a hash of its content, so a browser may keep them for a year without asking again; anything
 * else (index.html, the service worker, the manifest, icons) keeps its name across versions and is
 * revalidated on each use, so a new version is seen at the next start.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

const HASHED = /(^|[\\/])assets[\\/]|^workbox-[\w-]+\.js$/;

export function cacheControlFor(path: string): string {
  return HASHED.test(path) || HASHED.test(basename(path)) ? IMMUTABLE : REVALIDATE;
}

/**
 * Serve the built web app from `root`: the brotli or gzip copy written at build time when the browser
 * accepts it (`content-encoding` set by @fastify/static, `vary: accept-encoding` here), with the cache
 * rules above. The shell's fallback for in-app addresses goes through the same rules (see api.ts).
 */
export async function registerWebShell(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: 'index.html',
    preCompressed: true,
    // The build's .br and .gz copies are chosen by Accept-Encoding, never addressed themselves.
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    // @fastify/static 9 hands the raw response here (10 handed the reply; 9 is the one Node 20 runs).
    setHeaders: (res: { setHeader(name: string, value: string): unknown }, path: string) => {
      res.setHeader('cache-control', cacheControlFor(path));
      // The answer depends on Accept-Encoding (a .br or .gz copy); 9 does not say so itself.
      res.setHeader('vary', 'accept-encoding');
    },
  });
}
