import { nearestCommand } from '@hestia/contract';
import { AppError } from '../../core/errors.ts';
import { FEATURES, mfcc, trimSilence } from './features.ts';
import { encodeWav, parseWav, resample } from './wav.ts';

/**
 * The CPU part of an upload (decision 047), with no database and no Node API but Buffer, so the
 * voice worker thread (voice-worker.ts) runs it: the WAV read and resampled, the silence cut, its
 * MFCC frames and, when the user's samples are given, the nearest command (MFCC + DTW).
 */

/** One sample of a command, its features packed (`packFeatures`). */
export interface PackedTemplate {
  commandId: string;
  features: Uint8Array;
}

export interface Analysis {
  /** The speech as a 16-bit mono 16 kHz WAV, silence around it cut. */
  wav: Uint8Array;
  /** Its MFCC frames, packed. */
  features: Uint8Array;
  durationMs: number;
  /** With templates: the nearest command and its distance; 'none' when nothing is near or clear enough. */
  match: { commandId: string; distance: number } | 'none' | null;
}

/** MFCC frames as float32 little-endian bytes, and back. */
export function packFeatures(frames: Float64Array[]): Buffer {
  const buf = Buffer.alloc(frames.length * FEATURES.coefficients * 4);
  frames.forEach((f, i) => {
    for (let k = 0; k < FEATURES.coefficients; k++)
      buf.writeFloatLE(f[k] ?? 0, (i * FEATURES.coefficients + k) * 4);
  });
  return buf;
}

export function unpackFeatures(bytes: Uint8Array): Float64Array[] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = Math.floor(buf.length / (4 * FEATURES.coefficients));
  return Array.from({ length: n }, (_, i) =>
    Float64Array.from({ length: FEATURES.coefficients }, (_, k) =>
      buf.readFloatLE((i * FEATURES.coefficients + k) * 4),
    ),
  );
}

/**
 * Analyse one upload. `templates` undefined: a sample, no matching; an empty list: there is
 * nothing to match ('No voice commands available', after the recording itself was found usable).
 */
export function analyse(upload: Uint8Array, templates?: readonly PackedTemplate[]): Analysis {
  const speech = trimSilence(
    resample(parseWav(Buffer.from(upload.buffer, upload.byteOffset, upload.byteLength))),
  );
  const frames = mfcc(speech);
  let match: Analysis['match'] = null;
  if (templates) {
    if (templates.length === 0) throw new AppError('VOICE_NO_COMMANDS');
    const found = nearestCommand(
      frames,
      templates.map((t) => ({ commandId: t.commandId, frames: unpackFeatures(t.features) })),
    );
    match = typeof found === 'string' ? 'none' : { commandId: found.commandId, distance: found.distance };
  }
  return {
    wav: encodeWav(speech),
    features: packFeatures(frames),
    durationMs: Math.round((speech.samples.length / speech.rate) * 1000),
    match,
  };
}
