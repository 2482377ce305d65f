import { gzipSync } from 'node:zlib';
import type { VoiceCommand, VoiceDatasetManifest } from '@hestia/contract';
import { featureParams } from './features.ts';

/**
 * The voice data set (`files/vr-dataset`, decision 047): a gzip-compressed POSIX tar (ustar) with
 * `manifest.json` (the user's commands, their samples and how features are computed) and
 * `features/<sample id>.f32`, each sample's MFCC frames as float32 little-endian, so the app can
 * match offline. The recordings themselves stay on the server (`stream`, `getAudioFile`).
 */

/** One ustar header block for a regular file. */
function header(name: string, size: number, mtime: number): Buffer {
  const h = Buffer.alloc(512);
  h.write(name, 0, 100, 'utf8');
  h.write('0000644\0', 100, 'ascii');
  h.write('0000000\0', 108, 'ascii');
  h.write('0000000\0', 116, 'ascii');
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
  h.write(
    `${Math.floor(mtime / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
    'ascii',
  );
  h.write('        ', 148, 'ascii'); // the checksum counts as spaces while it is computed
  h.write('0', 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return h;
}

/** A tar archive of the given files (names under 100 bytes). */
export function tar(files: Array<{ name: string; data: Buffer }>, mtime: number): Buffer {
  const blocks: Buffer[] = [];
  for (const f of files) {
    blocks.push(header(f.name, f.data.length, mtime), f.data);
    const pad = (512 - (f.data.length % 512)) % 512;
    if (pad) blocks.push(Buffer.alloc(pad));
  }
  blocks.push(Buffer.alloc(1024)); // two empty blocks end the archive
  return Buffer.concat(blocks);
}

/** The data set of these commands, their sample features keyed by sample id. */
export function dataset(commands: VoiceCommand[], features: Map<string, Buffer>, now: number): Buffer {
  const manifest: VoiceDatasetManifest = {
    version: 1,
    createdAt: new Date(now).toISOString(),
    features: featureParams,
    commands,
  };
  const files: Array<{ name: string; data: Buffer }> = [
    { name: 'manifest.json', data: Buffer.from(JSON.stringify(manifest)) },
  ];
  for (const c of commands)
    for (const s of c.samples) {
      const id = s.filename.slice(0, -'.wav'.length);
      const data = features.get(id);
      if (data) files.push({ name: `features/${id}.f32`, data });
    }
  return gzipSync(tar(files, now));
}
