import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppPackageInfo } from '@hestia/contract';

/** A package file the operator published: `hestia-1.4.0.apk`, `hestia-1.4.0.zip`. */
const PACKAGE_NAME = /^hestia-(\d{1,6})\.(\d{1,6})\.(\d{1,6})\.(apk|zip)$/;

export const PACKAGE_TYPES = {
  apk: 'application/vnd.android.package-archive',
  zip: 'application/zip',
} as const;

export interface AppPackage extends AppPackageInfo {
  path: string;
  mime: string;
}

/**
 * The app packages in one folder (`APP_PACKAGE_DIR`, else `<DATA_DIR>/app`): the newest version is
 * the current one. Its SHA-256 is computed once per file version (name, size and modification time).
 */
export class AppPackages {
  private cached: { key: string; sha256: string } | undefined;

  constructor(private readonly dir: string | undefined) {}

  async current(): Promise<AppPackage | undefined> {
    if (!this.dir) return undefined;
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return undefined; // no folder: nothing published
    }
    let best: { name: string; parts: number[]; ext: 'apk' | 'zip' } | undefined;
    for (const name of names) {
      const m = PACKAGE_NAME.exec(name);
      if (!m) continue;
      const parts = [Number(m[1]), Number(m[2]), Number(m[3])];
      if (!best || newer(parts, best.parts)) best = { name, parts, ext: m[4] as 'apk' | 'zip' };
    }
    if (!best) return undefined;
    const path = join(this.dir, best.name);
    const s = await stat(path);
    if (!s.isFile()) return undefined;
    const key = `${best.name}:${s.size}:${s.mtimeMs}`;
    if (this.cached?.key !== key) this.cached = { key, sha256: await sha256Of(path) };
    return {
      version: best.parts.join('.'),
      size: s.size,
      sha256: this.cached.sha256,
      fileName: best.name,
      path,
      mime: PACKAGE_TYPES[best.ext],
    };
  }
}

function newer(a: number[], b: number[]): boolean {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  return false;
}

function sha256Of(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}
