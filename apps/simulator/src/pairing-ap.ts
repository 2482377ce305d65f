import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readCredentials, type WifiCredentials } from './smart-config.ts';
import { scan, type WifiNetwork } from './wifi.ts';

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
  // Chrome's Private Network Access: a page from elsewhere may reach the device's local address.
  'access-control-allow-private-network': 'true',
  'access-control-max-age': '600',
};
/** The longest request body read (a real one is under 200 bytes). */
const MAX_BODY = 4096;

function send(res: http.ServerResponse, status: number, body?: unknown): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    ...CORS,
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    'cache-control': 'no-store',
    // One request a connection, as a small device's web server does: nothing lingers when the AP closes.
    connection: 'close',
  });
  res.end(text);
}

async function readBody(req: http.IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Read to the end even past the limit, so the refusal can still be answered on this connection.
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= MAX_BODY) chunks.push(chunk as Buffer);
  }
  return size > MAX_BODY ? undefined : Buffer.concat(chunks).toString('utf8');
}

/** What the pairing AP tells and whom it hands the credentials it is given. */
export interface ApDevice {
  mac: string;
  ssid: string;
  model: string;
  /** The networks the device hears. */
  networks: WifiNetwork[];
  /** Why the last pairing attempt failed, if it did. */
  lastFailure(): string | undefined;
  /** Called once the answer to a credentials request is out (the AP then closes). */
  take(creds: WifiCredentials): void;
}

/**
 * The device's pairing access point: an HTTP server of its own on 127.0.0.1 standing in for the
 * device's address (`wifi_list`, `device_info`, `set-device-wifi-info`; decision 025). It opens on
 * the same port each time, when that port is still free.
 */
export class PairingAp {
  private server: http.Server | undefined;
  private port = 0;

  constructor(private readonly device: ApDevice) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get isOpen(): boolean {
    return this.server !== undefined;
  }

  async open(): Promise<void> {
    const s = http.createServer((req, res) => {
      this.handle(req, res).catch(() => {
        if (!res.headersSent) send(res, 500, { error: 'Device error' });
      });
    });
    s.keepAliveTimeout = 1000;
    const listen = (p: number) =>
      new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(p, '127.0.0.1', () => {
          s.off('error', reject);
          resolve();
        });
      });
    try {
      await listen(this.port);
    } catch (err) {
      // The device's port was taken while its AP was down: it comes back elsewhere.
      if (this.port === 0) throw err;
      await listen(0);
    }
    this.port = (s.address() as AddressInfo).port;
    this.server = s;
  }

  async close(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    if (!s) return;
    await new Promise<void>((resolve) => {
      s.close(() => resolve());
      s.closeAllConnections();
    });
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const { mac, ssid, model, networks } = this.device;
    const path = (req.url ?? '/').split('?')[0]?.replace(/^\/+|\/+$/g, '') ?? '';
    if (req.method === 'OPTIONS') return send(res, 204);
    if (path === 'wifi_list' || path === 'wifi_list_web') {
      if (req.method !== 'GET') return send(res, 405, { error: 'Use GET' });
      return send(res, 200, scan(networks));
    }
    if (path === 'device_info') {
      if (req.method !== 'GET') return send(res, 405, { error: 'Use GET' });
      const lastFailure = this.device.lastFailure();
      return send(res, 200, { mac, ssid, model, ...(lastFailure ? { lastFailure } : {}) });
    }
    if (path === 'set-device-wifi-info' || path === 'wifi_connect') {
      if (req.method !== 'POST') return send(res, 405, { error: 'Use POST' });
      const text = await readBody(req);
      if (text === undefined) return send(res, 413, { error: `The body is over ${MAX_BODY} bytes` });
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return send(res, 400, { error: 'The body is not JSON' });
      }
      const creds = readCredentials(body);
      if (typeof creds === 'string') return send(res, 400, { error: creds });
      // Taken: the device cannot know yet whether the Wi-Fi will have it. The AP closes once the
      // answer is out, as the radio leaves AP mode to join.
      res.on('finish', () => this.device.take(creds));
      return send(res, 200, { result: 'OK', mac });
    }
    return send(res, 404, { error: 'Not found' });
  }
}
