/** The voice service's audio format: 16-bit PCM WAV, 16 kHz, one channel. */
export const VOICE_SAMPLE_RATE = 16_000;

/**
 * Resample mono float samples from `fromRate` to `toRate` by linear interpolation, after averaging each
 * output step's input span when shrinking (a simple low-pass, so 48 kHz speech does not alias into the
 * band the recogniser reads).
 */
export function resample(input: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (fromRate === toRate) return input.slice();
  const ratio = fromRate / toRate;
  const length = Math.max(0, Math.floor(input.length / ratio));
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    const start = i * ratio;
    if (ratio > 1) {
      const from = Math.floor(start);
      const to = Math.min(input.length, Math.floor(start + ratio));
      let sum = 0;
      for (let j = from; j < to; j++) sum += input[j] ?? 0;
      out[i] = to > from ? sum / (to - from) : (input[from] ?? 0);
    } else {
      const at = Math.floor(start);
      const frac = start - at;
      const a = input[at] ?? 0;
      const b = input[at + 1] ?? a;
      out[i] = a + (b - a) * frac;
    }
  }
  return out;
}

/** Join recorded chunks into one buffer. */
export function concatChunks(chunks: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function writeAscii(view: DataView, at: number, text: string) {
  for (let i = 0; i < text.length; i++) view.setUint8(at + i, text.charCodeAt(i));
}

/** Mono float samples (−1…1, clipped) as a RIFF/WAVE file of 16-bit little-endian PCM at `rate`. */
export function encodeWav(samples: Float32Array, rate: number = VOICE_SAMPLE_RATE): Uint8Array {
  const dataBytes = samples.length * 2;
  const buffer = new ArrayBuffer(44 + dataBytes);
  const view = new DataView(buffer);
  writeAscii(view, 0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  writeAscii(view, 8, 'WAVE');
  writeAscii(view, 12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  writeAscii(view, 36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    view.setInt16(44 + i * 2, s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff), true);
  }
  return new Uint8Array(buffer);
}

/** Root-mean-square level of a chunk, 0…1 (the level meter). */
export function rmsLevel(chunk: Float32Array): number {
  if (chunk.length === 0) return 0;
  let sum = 0;
  for (const s of chunk) sum += s * s;
  return Math.sqrt(sum / chunk.length);
}
