import dgram from 'node:dgram';

/**
 * Smart configuration, simulated (docs/decisions/025). A real phone hides the home Wi-Fi's name and
 * password in the lengths of broadcast packets that a device in smart mode sniffs. Here the sender
 * broadcasts one small JSON datagram on the loopback network's broadcast address and every device
 * listening in smart mode hears it; a device that takes it answers the sender with an
 * acknowledgement naming its AP MAC.
 *
 * Datagram (UTF-8 JSON, at most 1 KiB):
 *   `{"type":"hestia-smartconfig","v":1,"ssid":…,"password":…,"pairKey":…,"ownerKey"?:…,"mac"?:…}`
 * `mac`, when given, addresses one device (the others ignore it); without it every listening device
 * takes it, as with real smart configuration.
 * Acknowledgement, to the sender's address and port: `{"type":"hestia-smartconfig-ack","v":1,"mac":…}`.
 */

/** Where the simulator's smart-config datagrams go: loopback's broadcast address (Linux). */
export const SMART_CONFIG_ADDRESS = '127.255.255.255';
/** The default UDP port devices listen on in smart mode (tests use a free one). */
export const SMART_CONFIG_PORT = 47_801;
/** The longest datagram taken. */
const MAX_DATAGRAM = 1024;

export interface WifiCredentials {
  ssid: string;
  password: string;
  pairKey: string;
  ownerKey?: string;
}

export interface SmartConfigMessage extends WifiCredentials {
  /** Only the device with this AP MAC takes the message. */
  mac?: string;
}

/** Checks a `set-device-wifi-info` body or smart-config message: the credentials, or what is wrong. */
export function readCredentials(body: unknown): WifiCredentials | string {
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return 'the body must be a JSON object';
  const { ssid, password, ownerKey } = body as Record<string, unknown>;
  // The four-digit reading of the spec's pair key may come as a number: its decimal text is the key.
  const raw = (body as Record<string, unknown>).pairKey;
  const pairKey = typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0 ? String(raw) : raw;
  if (typeof ssid !== 'string' || ssid === '' || Buffer.byteLength(ssid) > 32)
    return 'ssid must be text of 1 to 32 bytes';
  if (password !== undefined && (typeof password !== 'string' || Buffer.byteLength(password) > 64))
    return 'password must be text of at most 64 bytes';
  if (typeof pairKey !== 'string' || pairKey === '' || pairKey.length > 64)
    return 'pairKey must be text of 1 to 64 characters (or a whole number)';
  if (ownerKey !== undefined && ownerKey !== null && (typeof ownerKey !== 'string' || ownerKey.length > 255))
    return 'ownerKey must be text of at most 255 characters';
  return {
    ssid,
    password: (password as string | undefined) ?? '',
    pairKey,
    ...(typeof ownerKey === 'string' && ownerKey !== '' ? { ownerKey } : {}),
  };
}

export function encodeSmartConfig(msg: SmartConfigMessage): Buffer {
  return Buffer.from(JSON.stringify({ type: 'hestia-smartconfig', v: 1, ...msg }));
}

/** A datagram read as a smart-config message, or undefined for anything else. */
export function decodeSmartConfig(data: Buffer): SmartConfigMessage | undefined {
  if (data.length > MAX_DATAGRAM) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(data.toString('utf8'));
  } catch {
    return undefined;
  }
  const b = body as Record<string, unknown> | null;
  if (b?.type !== 'hestia-smartconfig' || b.v !== 1) return undefined;
  const creds = readCredentials(b);
  if (typeof creds === 'string') return undefined;
  return typeof b.mac === 'string' ? { ...creds, mac: b.mac } : creds;
}

/** Sends one datagram from a fresh socket on 127.0.0.1 (acknowledgements). */
async function sendOnce(data: Buffer, port: number, address: string): Promise<void> {
  const socket = dgram.createSocket('udp4');
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(0, '127.0.0.1', () => resolve());
    });
    await new Promise<void>((resolve, reject) =>
      socket.send(data, port, address, (err) => (err ? reject(err) : resolve())),
    );
  } finally {
    socket.close();
  }
}

/**
 * A device's smart-mode ear: a UDP socket bound to the broadcast address with address reuse, so every
 * device on the machine hears each broadcast. `onMessage` gets each well-formed message and a way to
 * acknowledge it to its sender with the device's AP MAC.
 */
export async function listenSmartConfig(
  port: number,
  onMessage: (msg: SmartConfigMessage, ack: (mac: string) => void) => void,
): Promise<{ close(): Promise<void> }> {
  const socket = dgram.createSocket({ type: 'udp4', reuseAddr: true });
  socket.on('message', (data, from) => {
    const msg = decodeSmartConfig(data);
    if (!msg) return;
    onMessage(msg, (mac) => {
      const ack = Buffer.from(JSON.stringify({ type: 'hestia-smartconfig-ack', v: 1, mac }));
      sendOnce(ack, from.port, from.address).catch(() => undefined);
    });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, SMART_CONFIG_ADDRESS, () => {
      socket.off('error', reject);
      resolve();
    });
  });
  // A late socket error (none expected on loopback) must not crash the process.
  socket.on('error', () => undefined);
  return { close: () => new Promise<void>((resolve) => socket.close(() => resolve())) };
}

/**
 * The phone's (or a native shell's) side: broadcasts the message every `everyMs` until `timeoutMs`
 * ends or, with `mac` given, that device acknowledges. Resolves with the AP MACs that acknowledged.
 */
export async function sendSmartConfig(
  msg: SmartConfigMessage,
  opts: { port?: number; timeoutMs?: number; everyMs?: number } = {},
): Promise<string[]> {
  const port = opts.port ?? SMART_CONFIG_PORT;
  const data = encodeSmartConfig(msg);
  const acked = new Set<string>();
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      socket.off('error', reject);
      resolve();
    });
  });
  socket.setBroadcast(true);
  socket.on('error', () => undefined);
  return new Promise<string[]>((resolve) => {
    const finish = () => {
      clearInterval(repeat);
      clearTimeout(stop);
      socket.close();
      resolve([...acked]);
    };
    socket.on('message', (reply) => {
      try {
        const r = JSON.parse(reply.toString('utf8')) as { type?: unknown; mac?: unknown };
        if (r.type !== 'hestia-smartconfig-ack' || typeof r.mac !== 'string') return;
        acked.add(r.mac);
        if (msg.mac !== undefined && r.mac.toUpperCase() === msg.mac.toUpperCase()) finish();
      } catch {
        // not an acknowledgement
      }
    });
    const send = () => socket.send(data, port, SMART_CONFIG_ADDRESS, () => undefined);
    const repeat = setInterval(send, opts.everyMs ?? 200);
    const stop = setTimeout(finish, opts.timeoutMs ?? 5000);
    send();
  });
}
