import type { Worker } from 'node:worker_threads';
import { AppError } from '../../core/errors.ts';
import { tsWorker } from '../../ts-worker.ts';
import { type Analysis, analyse, type PackedTemplate } from './analyse.ts';
import type { VoiceJob, VoiceJobAnswer } from './voice-worker.ts';

/** What the voice service needs to analyse an upload (analyse.ts), wherever it runs. */
export interface VoiceAnalyser {
  analyse(wav: Uint8Array, templates?: readonly PackedTemplate[]): Promise<Analysis>;
  close(): Promise<void>;
}

/** The worker's old-generation heap: a user at the limits' 1,000 samples as frames are ~10 MB. */
const WORKER_HEAP_MB = 48;

/**
 * One voice worker thread (voice-worker.ts), started at the first upload and ended with the server
 * (decision 047): uploads are analysed there one after another while the event loop serves
 * everyone else. It does not keep the process alive while idle. A thread that dies fails the jobs
 * it held and is started again by the next one. Where the thread cannot start at all (a built
 * server without its bundle), uploads are analysed on the event loop, as before, and it says so once.
 */
export class VoiceWorkerPool implements VoiceAnalyser {
  #worker: Worker | undefined;
  #inline = false;
  #closed = false;
  #next = 1;
  readonly #pending = new Map<number, { resolve(a: Analysis): void; reject(err: Error): void }>();

  constructor(private readonly warn: (message: string) => void = () => undefined) {}

  /** The thread while it runs (tests end it to see a lost thread replaced). */
  get thread(): Worker | undefined {
    return this.#worker;
  }

  analyse(wav: Uint8Array, templates?: readonly PackedTemplate[]): Promise<Analysis> {
    if (this.#closed) return Promise.reject(new Error('the voice worker is closed'));
    const worker = this.#worker ?? this.#start();
    if (!worker) return Promise.resolve().then(() => analyse(wav, templates));
    const id = this.#next++;
    return new Promise<Analysis>((resolve, reject) => {
      if (this.#pending.size === 0) worker.ref();
      this.#pending.set(id, { resolve, reject });
      const job: VoiceJob = { id, wav, ...(templates ? { templates: [...templates] } : {}) };
      worker.postMessage(job);
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    const worker = this.#worker;
    this.#worker = undefined;
    this.#fail(new Error('the voice worker is closed'));
    await worker?.terminate();
  }

  #start(): Worker | undefined {
    if (this.#inline) return undefined;
    let worker: Worker;
    try {
      worker = tsWorker(new URL('./voice-worker.ts', import.meta.url), undefined, {
        maxOldGenerationSizeMb: WORKER_HEAP_MB,
      });
    } catch (err) {
      this.#inline = true;
      this.warn(`voice recognition runs on the main thread: ${(err as Error).message}`);
      return undefined;
    }
    worker.on('message', (m: VoiceJobAnswer) => {
      const p = this.#pending.get(m.id);
      if (!p) return;
      this.#pending.delete(m.id);
      if (this.#pending.size === 0) worker.unref();
      if (m.ok) p.resolve(m.result);
      else p.reject(m.code ? new AppError(m.code, m.message) : new Error(m.message));
    });
    const lost = (err: Error) => {
      if (this.#worker !== worker) return;
      this.#worker = undefined;
      this.#fail(err);
    };
    worker.on('error', (err) => lost(new Error(`the voice worker stopped: ${err.message}`)));
    worker.on('exit', (code) => lost(new Error(`the voice worker exited (${code})`)));
    worker.unref();
    this.#worker = worker;
    return worker;
  }

  #fail(err: Error) {
    for (const p of this.#pending.values()) p.reject(err);
    this.#pending.clear();
  }
}
