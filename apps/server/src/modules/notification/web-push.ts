import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PushPayload } from '@hestia/contract';
import webpush from 'web-push';
import { ensureDir } from '../../db/data-dir.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID keys: made once and kept in the data directory (vapid.json, owner-only), so
 * browsers' subscriptions outlive restarts. An in-memory database (tests) gets keys for this run only.
 */
export function loadVapidKeys(dataDir: string): VapidKeys {
  if (dataDir.startsWith('memory://')) return webpush.generateVAPIDKeys();
  const file = join(dataDir, 'vapid.json');
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (typeof kept.publicKey === 'string' && typeof kept.privateKey === 'string')
      return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  }
  const keys = webpush.generateVAPIDKeys();
  ensureDir(dataDir);
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return keys;
}

/** Push services may only be reached over https; plain http only on this machine (tests, a local relay). */
export function isAllowedEndpoint(endpoint: string): boolean {
  try {
    const u = new URL(endpoint);
    if (u.protocol === 'https:') return true;
    return u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
  } catch {
    return false;
  }
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What a push service answered: delivered, gone (404/410: the subscription is dead) or failed. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/**
 * Sends one encrypted payload (RFC 8291, aes128gcm) with VAPID (RFC 8292). The web-push library
 * encrypts and signs; the request goes out with fetch, which (unlike the library's https-only
 * sender) also reaches a local http relay.
 */
export class WebPushSender {
  constructor(
    private readonly keys: VapidKeys,
    private readonly subject: string,
    private readonly timeoutMs = 10_000,
  ) {}

  get publicKey(): string {
    return this.keys.publicKey;
  }

  async send(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: this.subject, ...this.keys },
        TTL: 24 * 3600,
        contentEncoding: 'aes128gcm',
      },
    );
    const res = await fetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body ? new Uint8Array(details.body) : null,
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    await res.arrayBuffer().catch(() => undefined);
    if (res.status === 404 || res.status === 410) return 'gone';
    return res.ok ? 'sent' : 'failed';
  }
}
