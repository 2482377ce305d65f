import { VOICE_MAX_SECONDS, type VoiceAudio } from '@hestia/contract';
import { AppError } from '../../core/errors.ts';

/**
 * WAV in and out (decision 047): RIFF/WAVE with a PCM `fmt ` chunk, 16-bit samples, mono or stereo,
 * 8 to 48 kHz. Read as mono at 16 kHz (channels averaged, resampled with a windowed-sinc filter);
 * written as 16-bit mono PCM. Anything else is a 400 that says what is taken.
 */

const TAKEN = 'Send a WAV file: PCM 16-bit, mono or stereo, 8 to 48 kHz.';

/** Mono samples in [-1, 1] at `rate` Hz. */
export type Audio = VoiceAudio;

/** The audio of a WAV file, as mono float samples at its own rate. */
export function parseWav(buf: Buffer): Audio {
  if (buf.length < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE')
    throw new AppError('VALIDATION', `The file is not a WAV file. ${TAKEN}`);
  let fmt: { format: number; channels: number; rate: number; bits: number; align: number } | undefined;
  let data: Buffer | undefined;
  let at = 12;
  while (at + 8 <= buf.length) {
    const id = buf.toString('ascii', at, at + 4);
    const size = buf.readUInt32LE(at + 4);
    const body = buf.subarray(at + 8, Math.min(buf.length, at + 8 + size));
    if (id === 'fmt ' && body.length >= 16) {
      fmt = {
        format: body.readUInt16LE(0),
        channels: body.readUInt16LE(2),
        rate: body.readUInt32LE(4),
        align: body.readUInt16LE(12),
        bits: body.readUInt16LE(14),
      };
      // WAVE_FORMAT_EXTENSIBLE: the real format is the sub-format GUID's first two bytes.
      if (fmt.format === 0xfffe && body.length >= 26) fmt.format = body.readUInt16LE(24);
    } else if (id === 'data') {
      data = body;
      break;
    }
    at += 8 + size + (size % 2);
  }
  if (!fmt) throw new AppError('VALIDATION', `The WAV file has no format chunk. ${TAKEN}`);
  if (fmt.format !== 1 || fmt.bits !== 16)
    throw new AppError('VALIDATION', `The WAV file is not 16-bit PCM. ${TAKEN}`);
  if (fmt.channels < 1 || fmt.channels > 2)
    throw new AppError('VALIDATION', `The WAV file has ${fmt.channels} channels. ${TAKEN}`);
  if (fmt.rate < 8000 || fmt.rate > 48_000)
    throw new AppError('VALIDATION', `The WAV file's rate is ${fmt.rate} Hz. ${TAKEN}`);
  const frameBytes = 2 * fmt.channels;
  const frames = data ? Math.floor(data.length / frameBytes) : 0;
  if (!data || frames === 0) throw new AppError('VALIDATION', 'The WAV file has no audio.');
  if (frames / fmt.rate > VOICE_MAX_SECONDS + 0.5)
    throw new AppError('VALIDATION', `The recording is longer than ${VOICE_MAX_SECONDS} seconds.`);
  const samples = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    let sum = 0;
    for (let c = 0; c < fmt.channels; c++) sum += data.readInt16LE(i * frameBytes + 2 * c);
    samples[i] = sum / fmt.channels / 32768;
  }
  return { rate: fmt.rate, samples };
}

export { resample } from '@hestia/contract';

/** A 16-bit mono PCM WAV file of `audio`. */
export function encodeWav(audio: Audio): Buffer {
  const n = audio.samples.length;
  const buf = Buffer.alloc(44 + 2 * n);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + 2 * n, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(audio.rate, 24);
  buf.writeUInt32LE(audio.rate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(2 * n, 40);
  for (let i = 0; i < n; i++) {
    const v = Math.max(-1, Math.min(1, audio.samples[i] ?? 0));
    buf.writeInt16LE(Math.round(v * 32767), 44 + 2 * i);
  }
  return buf;
}
