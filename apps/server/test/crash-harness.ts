import { type ChildProcess, fork } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const entry = fileURLToPath(new URL('./crash-server.ts', import.meta.url));

export interface ServerProcess {
  url: string;
  mqttUrl: string;
  /** The demo home's simulated devices (embedded mode). */
  devices: Array<{ id: string; accessToken: string; profileId: string }>;
  child: ChildProcess;
  /** Moves the server's clock forward; resolves with its offset from the wall clock. */
  advance(ms: number): Promise<number>;
  /** kill -9, and wait until it is gone. */
  kill(): Promise<void>;
  /** What it printed, for a failure message. */
  output(): string;
}

const started = new Set<ChildProcess>();

/** Starts crash-server.ts in a child process with these settings; resolves once it listens. */
export async function spawnServer(
  env: Record<string, string>,
  timeoutMs = 60_000,
  /** A network namespace to run it in (`ip netns exec`; network-cut.scaled.test.ts). */
  netns?: string,
): Promise<ServerProcess> {
  const lines: string[] = [];
  let offset = Number(env.CLOCK_OFFSET_MS ?? '0');
  const child = fork(entry, [], {
    ...(netns
      ? { execPath: 'ip', execArgv: ['netns', 'exec', netns, process.execPath, '--import', 'tsx'] }
      : { execArgv: ['--import', 'tsx'] }),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      TMPDIR: process.env.TMPDIR ?? '/tmp',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  started.add(child);
  child.stdout?.on('data', (d) => lines.push(String(d)));
  child.stderr?.on('data', (d) => lines.push(String(d)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  exited.then(() => started.delete(child));
  const ready = await new Promise<{ url: string; mqttUrl: string; devices: ServerProcess['devices'] }>(
    (resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`server did not start in ${timeoutMs} ms:\n${lines.join('')}`));
      }, timeoutMs);
      child.on('message', (m: { ready?: boolean }) => {
        if (!m.ready) return;
        clearTimeout(timer);
        resolve(m as never);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`server exited (${code}) before it was ready:\n${lines.join('')}`));
      });
    },
  );
  return {
    ...ready,
    child,
    advance: (ms) => {
      offset += ms;
      const expected = offset;
      return new Promise<number>((resolve) => {
        // A server killed before it answers has no clock to move: the next start takes the offset.
        exited.then(() => resolve(expected));
        child.once('message', () => resolve(expected));
        child.send({ advance: ms }, (err) => {
          if (err) resolve(expected);
        });
      });
    },
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    output: () => lines.join(''),
  };
}

/** Kills every server this file started that is still running (afterAll). */
export async function killStarted(): Promise<void> {
  await Promise.all(
    [...started].map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve();
          c.once('exit', () => resolve());
          c.kill('SIGKILL');
        }),
    ),
  );
}

/** A port that was free a moment ago (the broker must come back on the same one after a restart). */
export async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const address = srv.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((r) => srv.close(r));
  return port;
}
