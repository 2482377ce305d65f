import { concatChunks, encodeWav, resample, rmsLevel, VOICE_SAMPLE_RATE } from './wav.ts';

/** Why the microphone could not be used. */
export type MicrophoneProblem = 'denied' | 'missing' | 'unsupported' | 'busy';

export class MicrophoneError extends Error {
  constructor(readonly problem: MicrophoneProblem) {
    super(`microphone ${problem}`);
  }
}

function problemOf(err: unknown): MicrophoneProblem {
  const name = err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'unsupported';
}

/**
 * The longest recording: past it the recorder stops by itself (a forgotten button). Under the voice
 * service's limit (the contract's VOICE_MAX_SECONDS, 8 s), with room for the audio still in flight.
 */
export const MAX_RECORDING_MS = 7_500;

/** One recording in progress; `stop()` gives the WAV (16 kHz mono, 16-bit PCM). */
export interface Recording {
  stop(): Promise<Blob>;
  /** Stop without keeping anything (the screen was left). */
  cancel(): void;
}

/**
 * Record the microphone into a WAV: getUserMedia, then a ScriptProcessor node that copies each block
 * of samples (an AudioWorklet would need a module URL of its own, which the app's script policy would
 * have to allow). `onLevel` receives the block's RMS level, 0…1, for the meter; `onLimit` runs when
 * the recording reached MAX_RECORDING_MS and was stopped.
 */
export async function startRecording(
  onLevel: (level: number) => void,
  onLimit?: () => void,
): Promise<Recording> {
  if (!navigator.mediaDevices?.getUserMedia) throw new MicrophoneError('unsupported');
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({
      audio: { channelCount: 1, echoCancellation: false, noiseSuppression: false, autoGainControl: false },
    });
  } catch (err) {
    throw new MicrophoneError(problemOf(err));
  }
  const context = new AudioContext();
  await context.resume().catch(() => undefined);
  const source = context.createMediaStreamSource(stream);
  const processor = context.createScriptProcessor(4096, 1, 1);
  const chunks: Float32Array[] = [];
  let done = false;
  processor.onaudioprocess = (event) => {
    if (done) return;
    const block = event.inputBuffer.getChannelData(0).slice();
    chunks.push(block);
    onLevel(Math.min(1, rmsLevel(block) * 4));
  };
  source.connect(processor);
  // A ScriptProcessor only runs while connected to the output; it writes silence there.
  processor.connect(context.destination);
  const release = () => {
    done = true;
    processor.disconnect();
    source.disconnect();
    for (const track of stream.getTracks()) track.stop();
    void context.close().catch(() => undefined);
  };
  const limit = setTimeout(() => onLimit?.(), MAX_RECORDING_MS);
  return {
    async stop() {
      clearTimeout(limit);
      const rate = context.sampleRate;
      release();
      const samples = resample(concatChunks(chunks), rate, VOICE_SAMPLE_RATE);
      const wav = encodeWav(samples, VOICE_SAMPLE_RATE);
      return new Blob([wav.buffer as ArrayBuffer], { type: 'audio/wav' });
    },
    cancel() {
      clearTimeout(limit);
      release();
    },
  };
}
