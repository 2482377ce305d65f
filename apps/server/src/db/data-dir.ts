// The data directory's checks, apart from the database so start-up can make them before loading it.
import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { dirname, parse, resolve } from 'node:path';
import { ConfigError } from '../config.ts';

/**
 * mkdir -p one level at a time: Node's recursive mkdir never returns on some pseudo file systems
 * (/proc), and start-up must end with a clear line instead.
 */
export function ensureDir(dir: string): void {
  const parts: string[] = [];
  // Absolute first: a relative path's dirname ends at '.', never at a root, and the walk would never end.
  let current = resolve(dir);
  while (current !== parse(current).root) {
    parts.unshift(current);
    current = dirname(current);
  }
  for (const p of parts) {
    try {
      mkdirSync(p);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(p).isDirectory()) throw err;
    }
  }
}

/** What an error code means for a data directory, in words. */
const REASONS: Record<string, string> = {
  EEXIST: 'a file, not a directory, is in the way',
  ENOTDIR: 'a file, not a directory, is in the way',
  EACCES: 'no permission to write there',
  EPERM: 'no permission to write there',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  ENOENT: 'a part of the path cannot be created',
};

export const dataDirError = (dataDir: string, err: unknown) => {
  const code = err instanceof Error && 'code' in err ? String(err.code) : '';
  const reason = code ? `: ${REASONS[code] ?? 'it cannot be written'} (${code})` : '';
  return new ConfigError(
    `Cannot use the data directory ${resolve(dataDir)}${reason}; set DATA_DIR to a writable directory`,
  );
};

/**
 * The data directory can hold the embedded database: its `pg` folder exists or can be created, and
 * a file can be written there. Quick (no database opened), so start-up can check it first.
 */
export function checkDataDir(dataDir: string): void {
  if (dataDir === 'memory://') return;
  const dir = resolve(dataDir, 'pg');
  try {
    ensureDir(dir);
    accessSync(dir, constants.W_OK);
  } catch (err) {
    throw dataDirError(dataDir, err);
  }
}
