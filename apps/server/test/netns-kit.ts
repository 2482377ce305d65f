import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createConnection, createServer, type Socket } from 'node:net';

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });

/**
 * Whether this process may make network namespaces (root or CAP_NET_ADMIN): the reason it may not,
 * or null.
 */
export function netnsRefused(): string | null {
  const probe = `hestia-probe-${randomBytes(3).toString('hex')}`;
  try {
    ip('netns', 'add', probe);
    ip('netns', 'del', probe);
    return null;
  } catch (err) {
    const e = err as { stderr?: Buffer; message: string };
    return `ip netns is not permitted here (${(e.stderr?.toString() || e.message).trim().slice(0, 120)})`;
  }
}

export interface Namespace {
  name: string;
  /** The host's end of the link, and the namespace's. */
  hostAddress: string;
  nsAddress: string;
  /** Takes the link down (both ends lose each other) or up again. */
  link(up: boolean): void;
  remove(): void;
}

/**
 * A network namespace joined to the host by a veth pair on a private /30 of its own
 * (10.254.x.y/30): the host end gets .1 of it, the namespace end .2.
 */
export function makeNamespace(): Namespace {
  const tag = randomBytes(3).toString('hex');
  const name = `hestia-cut-${tag}`;
  const hostIf = `hc${tag}h`;
  const nsIf = `hc${tag}n`;
  const third = randomBytes(1)[0] as number;
  const fourth = ((randomBytes(1)[0] as number) & 0xfc) as number;
  const hostAddress = `10.254.${third}.${fourth + 1}`;
  const nsAddress = `10.254.${third}.${fourth + 2}`;
  ip('netns', 'add', name);
  try {
    ip('link', 'add', hostIf, 'type', 'veth', 'peer', 'name', nsIf);
    ip('link', 'set', nsIf, 'netns', name);
    ip('addr', 'add', `${hostAddress}/30`, 'dev', hostIf);
    ip('link', 'set', hostIf, 'up');
    ip('-n', name, 'addr', 'add', `${nsAddress}/30`, 'dev', nsIf);
    ip('-n', name, 'link', 'set', nsIf, 'up');
    ip('-n', name, 'link', 'set', 'lo', 'up');
  } catch (err) {
    try {
      ip('link', 'del', hostIf);
    } catch {}
    ip('netns', 'del', name);
    throw err;
  }
  return {
    name,
    hostAddress,
    nsAddress,
    link: (up) => ip('link', 'set', hostIf, up ? 'up' : 'down'),
    remove: () => {
      try {
        ip('link', 'del', hostIf);
      } catch {}
      try {
        ip('netns', 'del', name);
      } catch {}
    },
  };
}

/** What a relay's caller sees of one relayed connection: the bytes each way, as they pass. */
export interface RelayWatch {
  /** From the service to the client. */
  fromTarget(data: Buffer): void;
  /** From the client to the service. */
  fromClient(data: Buffer): void;
}

export interface Relay {
  port: number;
  /** Cuts every relayed connection (as a lost network would); new ones are still taken. */
  cut(): void;
  close(): Promise<void>;
}

/**
 * A TCP relay listening on `host` (a free port) to 127.0.0.1:`targetPort`, where a service listens.
 * `watch`, when given, is called for each connection and shown its bytes both ways.
 */
export async function relay(host: string, targetPort: number, watch?: () => RelayWatch): Promise<Relay> {
  const sockets = new Set<Socket>();
  const server = createServer((down) => {
    const up = createConnection({ host: '127.0.0.1', port: targetPort });
    sockets.add(down);
    sockets.add(up);
    const seen = watch?.();
    if (seen) {
      up.on('data', (d: Buffer) => seen.fromTarget(d));
      down.on('data', (d: Buffer) => seen.fromClient(d));
    }
    down.pipe(up);
    up.pipe(down);
    const end = () => {
      up.destroy();
      down.destroy();
      sockets.delete(up);
      sockets.delete(down);
    };
    for (const s of [up, down]) {
      s.on('error', end);
      s.on('close', end);
    }
  });
  await new Promise<void>((r) => server.listen(0, host, () => r()));
  const address = server.address();
  const cut = () => {
    for (const s of sockets) s.destroy();
  };
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    cut,
    close: async () => {
      cut();
      await new Promise((r) => server.close(r));
    },
  };
}
