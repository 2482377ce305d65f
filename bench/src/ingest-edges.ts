// The device edges for the scaled ingest run (issue 21, decision 041): `npm run edge`'s entry, each
// a process of its own as in production, on free ports of this machine.
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(new URL('../../apps/edge/src/main.ts', import.meta.url));

export interface Edges {
  /** Where devices connect, one URL per edge. */
  urls: string[];
  /** CPU time the edge processes have used so far, ms (Linux's /proc; null elsewhere). */
  cpuMs(): number | null;
  stop(): Promise<void>;
}

/** A process's user + system CPU time in ms, from /proc/{pid}/stat (clock ticks of 10 ms). */
function cpuOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

export async function startEdges(
  count: number,
  env: { DATABASE_URL: string; REDIS_URL: string; MQTT_URL: string },
): Promise<Edges> {
  const children: ChildProcess[] = [];
  const start = () =>
    new Promise<number>((resolve, reject) => {
      const child = fork(entry, [], {
        execArgv: ['--import', 'tsx'],
        env: { ...process.env, ...env, MQTT_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push(child);
      child.on('message', (m: { ready?: boolean; port?: number }) => {
        if (m.ready) resolve(m.port as number);
      });
      child.once('exit', (code) => reject(new Error(`an edge exited (${code}) before it was ready`)));
    });
  const ports = await Promise.all(Array.from({ length: count }, start));
  return {
    urls: ports.map((port) => `mqtt://127.0.0.1:${port}`),
    cpuMs: () => {
      let total = 0;
      for (const child of children) {
        const ms = child.pid === undefined ? null : cpuOf(child.pid);
        if (ms === null) return null;
        total += ms;
      }
      return total;
    },
    stop: async () => {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}
