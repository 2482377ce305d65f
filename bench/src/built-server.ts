import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Worker } from 'node:worker_threads';
// @ts-expect-error: a plain JavaScript build script, without types
import { entry, serverEnv, serverFlags } from '../../scripts/build-server.mjs';

/** The built server as `npm start` runs it, measured from outside (footprint and soak benchmarks). */

export function status(pid: number): { rss: number; hwm: number; threads: number } {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(text)?.[1] ?? 0);
  return { rss: field('VmRSS'), hwm: field('VmHWM'), threads: field('Threads') };
}

/**
 * Where a process's resident memory is, from /proc/PID/smaps, KB: in WebAssembly memories (the
 * embedded database's; V8 reserves each as GBs of inaccessible address space and opens the part in
 * use as its own mapping just before the rest of the reservation), in file mappings (the node binary
 * and libraries), and everything else (JavaScript heaps, malloc's heap, thread stacks).
 */
export function residentParts(pid: number): { wasm: number; file: number; other: number } {
  const maps: Array<{ start: number; end: number; perms: string; file: boolean; rss: number }> = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ (\d+)\s*(.*)$/.exec(line);
    if (head) {
      const [, from, to, perms, inode, name] = head as unknown as string[];
      maps.push({
        start: Number.parseInt(from as string, 16),
        end: Number.parseInt(to as string, 16),
        perms: perms as string,
        file: inode !== '0' && (name ?? '').startsWith('/'),
        rss: 0,
      });
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    const last = maps.at(-1);
    if (rss && last) last.rss = Number(rss[1]);
  }
  const parts = { wasm: 0, file: 0, other: 0 };
  maps.forEach((m, i) => {
    const next = maps[i + 1];
    const reserved =
      next && next.start === m.end && next.perms.startsWith('---') && next.end - next.start >= 2 ** 30;
    parts[m.file ? 'file' : reserved && m.perms.startsWith('rw') ? 'wasm' : 'other'] += m.rss;
  });
  return parts;
}

export interface Running {
  child: ChildProcess;
  url: string;
  mqttUrl: string;
  /** From spawn to the first answered HTTP request, ms. */
  serveMs: number;
  stop(): Promise<void>;
}

/** The built server as `npm start` runs it (same flags and environment), in its own process. */
export async function startBuilt(env: Record<string, string>): Promise<Running> {
  const t0 = performance.now();
  // BENCH_SERVER_FLAGS adds node flags for a diagnosis (e.g. --inspect=127.0.0.1:9339 to read each
  // thread's heap over the inspector protocol); measured runs leave it unset.
  const extra = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...serverFlags, ...extra, entry], {
    env: { ...serverEnv, ...process.env, HOST: '127.0.0.1', PORT: '0', MQTT_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr?.on('data', (d) => {
    err += d;
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const line = await new Promise<RegExpExecArray>((resolve, reject) => {
    child.stdout?.on('data', (d) => {
      out += d;
      const m = /running at (\S+) \(.*MQTT on (\S+)\)/.exec(out);
      if (m) resolve(m);
    });
    void exited.then(() => reject(new Error(`the server ended before serving: ${err || out}`)));
  });
  const url = line[1] as string;
  await fetch(`${url}/api/docs`).then((r) => r.arrayBuffer());
  const serveMs = performance.now() - t0;
  return {
    child,
    url,
    mqttUrl: line[2] as string,
    serveMs,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** RSS of `pid` sampled every 250 ms for `seconds`: the highest and the median of the last ten seconds. */
export async function watch(pid: number, seconds: number) {
  const samples: number[] = [];
  let threads = 0;
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const s = status(pid);
    samples.push(s.rss);
    threads = Math.max(threads, s.threads);
    await new Promise((r) => setTimeout(r, 250));
  }
  const tail = samples.slice(-40).sort((a, b) => a - b);
  return { peak: status(pid).hwm, settled: tail[Math.floor(tail.length / 2)] ?? 0, threads };
}

export const once = (w: Worker, type: string) =>
  new Promise<void>((resolve, reject) => {
    const on = (m: { type: string }) => {
      if (m.type !== type) return;
      w.off('message', on);
      resolve();
    };
    w.on('message', on);
    w.once('error', reject);
  });
