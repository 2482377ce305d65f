import { describe, expect, it } from 'vitest';
import { concatChunks, encodeWav, resample, rmsLevel } from './wav.ts';

const ascii = (bytes: Uint8Array, at: number, n: number) =>
  String.fromCharCode(...bytes.subarray(at, at + n));

describe('voice WAV', () => {
  it('writes a 16 kHz mono 16-bit PCM RIFF header and little-endian samples, clipped', () => {
    const wav = encodeWav(new Float32Array([0, 1, -1, 0.5, 2]), 16_000);
    const view = new DataView(wav.buffer);
    expect(ascii(wav, 0, 4)).toBe('RIFF');
    expect(ascii(wav, 8, 8)).toBe('WAVEfmt ');
    expect(view.getUint32(4, true)).toBe(36 + 10);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(16_000);
    expect(view.getUint32(28, true)).toBe(32_000);
    expect(view.getUint16(34, true)).toBe(16);
    expect(ascii(wav, 36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(10);
    expect([0, 1, 2, 3, 4].map((i) => view.getInt16(44 + i * 2, true))).toEqual([
      0, 32767, -32768, 16384, 32767,
    ]);
  });

  it('resamples 48 kHz to 16 kHz keeping a 440 Hz tone and the duration', () => {
    const input = new Float32Array(48_000);
    for (let i = 0; i < input.length; i++) input[i] = Math.sin((2 * Math.PI * 440 * i) / 48_000);
    const out = resample(input, 48_000, 16_000);
    expect(out.length).toBe(16_000);
    // Zero crossings per second stay ~2 × 440.
    let crossings = 0;
    for (let i = 1; i < out.length; i++) if ((out[i - 1] ?? 0) < 0 !== (out[i] ?? 0) < 0) crossings++;
    expect(crossings).toBeGreaterThan(870);
    expect(crossings).toBeLessThan(890);
    expect(rmsLevel(out)).toBeGreaterThan(0.65);
  });

  it('upsamples by interpolation and joins chunks in order', () => {
    expect(Array.from(resample(new Float32Array([0, 1]), 8_000, 16_000))).toEqual([0, 0.5, 1, 1]);
    expect(Array.from(concatChunks([new Float32Array([1, 2]), new Float32Array([3])]))).toEqual([1, 2, 3]);
    expect(rmsLevel(new Float32Array(0))).toBe(0);
  });
});
