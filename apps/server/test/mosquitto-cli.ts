import { type ChildProcess, spawn } from 'node:child_process';

/**
 * Debian's `mosquitto_pub` and `mosquitto_sub`: MQTT clients the project did not write, driving a
 * device as an operator would from a shell.
 */
export function mosquittoCli(url: string) {
  const { hostname, port } = new URL(url);
  const base = (user: string | undefined) => ['-h', hostname, '-p', port, ...(user ? ['-u', user] : [])];

  return {
    /** Publishes one message (QoS 1) and resolves when the tool exits; rejects with its output otherwise. */
    pub(opts: { user?: string; topic: string; message: string }): Promise<void> {
      return new Promise((resolve, reject) => {
        const p = spawn('mosquitto_pub', [
          ...base(opts.user),
          '-q',
          '1',
          '-t',
          opts.topic,
          '-m',
          opts.message,
        ]);
        let out = '';
        p.stdout.on('data', (d) => {
          out += d;
        });
        p.stderr.on('data', (d) => {
          out += d;
        });
        p.on('error', reject);
        p.on('exit', (code) =>
          code === 0 ? resolve() : reject(new Error(`mosquitto_pub exited ${code}: ${out}`)),
        );
      });
    },

    /**
     * Subscribes to `topics` and collects what arrives; `ready` resolves once the broker has
     * answered the subscription (SUBACK), `next(n)` once `n` messages have come.
     */
    async sub(opts: { user?: string; topics: string[]; keepalive?: number; clientId?: string }) {
      const args = [
        ...base(opts.user),
        '-d',
        '-q',
        '1',
        '-F',
        'MSG %t %p',
        ...(opts.keepalive ? ['-k', String(opts.keepalive)] : []),
        ...(opts.clientId ? ['-i', opts.clientId] : []),
        ...opts.topics.flatMap((t) => ['-t', t]),
      ];
      // Line-buffered, so each line arrives as it is printed (a pipe is otherwise block-buffered).
      const p: ChildProcess = spawn('stdbuf', ['-oL', 'mosquitto_sub', ...args]);
      const messages: Array<{ topic: string; payload: string }> = [];
      const waiters: Array<() => void> = [];
      let log = '';
      let subscribed = 0;
      let buffered = '';
      const ready = new Promise<void>((resolve, reject) => {
        p.on('error', reject);
        p.on('exit', (code) => reject(new Error(`mosquitto_sub exited ${code}: ${log}`)));
        p.stdout?.on('data', (d: Buffer) => {
          buffered += d.toString();
          const lines = buffered.split('\n');
          buffered = lines.pop() ?? '';
          for (const line of lines) {
            log += `${line}\n`;
            if (line.startsWith('MSG ')) {
              const rest = line.slice(4);
              const space = rest.indexOf(' ');
              messages.push({ topic: rest.slice(0, space), payload: rest.slice(space + 1) });
              for (const w of waiters.splice(0)) w();
            } else if (/received SUBACK/.test(line) && ++subscribed === 1) resolve();
          }
        });
        p.stderr?.on('data', (d: Buffer) => {
          log += d.toString();
        });
      });
      await ready;
      return {
        messages,
        /** Resolves when at least `n` messages have arrived (or rejects after `timeoutMs`). */
        async next(n: number, timeoutMs = 5000): Promise<Array<{ topic: string; payload: string }>> {
          const end = Date.now() + timeoutMs;
          while (messages.length < n) {
            if (Date.now() > end)
              throw new Error(`mosquitto_sub got ${messages.length} of ${n} messages: ${log}`);
            await new Promise<void>((resolve) => {
              waiters.push(resolve);
              setTimeout(resolve, 50);
            });
          }
          return messages.slice(0, n);
        },
        stop: () =>
          new Promise<void>((resolve) => {
            if (p.exitCode !== null) return resolve();
            p.once('exit', () => resolve());
            p.kill('SIGTERM');
          }),
      };
    },
  };
}
