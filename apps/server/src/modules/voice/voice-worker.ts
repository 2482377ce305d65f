import { parentPort } from 'node:worker_threads';
import { AppError } from '../../core/errors.ts';
import { analyse, type PackedTemplate } from './analyse.ts';

/**
 * The voice worker thread (decision 047): it reads, cuts and describes an upload and matches it
 * against the user's samples (analyse.ts), off the server's event loop. One job a message, answered
 * in order; a user's mistake comes back as the AppError's code and message, to be thrown again
 * as the same wrapper error on the main thread.
 */
export interface VoiceJob {
  id: number;
  wav: Uint8Array;
  templates?: PackedTemplate[];
}

export type VoiceJobAnswer =
  | { id: number; ok: true; result: ReturnType<typeof analyse> }
  | { id: number; ok: false; code?: AppError['code']; message: string };

const port = parentPort;
if (!port) throw new Error('voice-worker.ts runs as a worker thread');
port.on('message', (job: VoiceJob) => {
  let answer: VoiceJobAnswer;
  try {
    answer = { id: job.id, ok: true, result: analyse(job.wav, job.templates) };
  } catch (err) {
    answer =
      err instanceof AppError
        ? { id: job.id, ok: false, code: err.code, message: err.message }
        : { id: job.id, ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(answer);
});
