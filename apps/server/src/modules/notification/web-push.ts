import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PushPayload } from '@hestia/contract';
import webpush from 'web-push';
import type { SettingsRepository } from '../account/settings.repository.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID keys: made once and kept in the database's server settings (as the token secret
 * is), so browsers' subscriptions outlive restarts and every instance of a scaled install signs with
 * the same key. Keys an earlier version kept in `<DATA_DIR>/vapid.json` are taken over once.
 */
export async function loadVapidKeys(
  settings: Pick<SettingsRepository, 'getOrCreate'>,
  dataDir: string,
): Promise<VapidKeys> {
  const text = await settings.getOrCreate('vapid_keys', () => {
    const file = dataDir.startsWith('memory://') ? null : join(dataDir, 'vapid.json');
    if (file && existsSync(file)) {
      try {
        const kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
        if (typeof kept.publicKey === 'string' && typeof kept.privateKey === 'string')
          return JSON.stringify({ publicKey: kept.publicKey, privateKey: kept.privateKey });
      } catch {
        // an unreadable old file: new keys (browsers subscribe again)
      }
    }
    return JSON.stringify(webpush.generateVAPIDKeys());
  });
  const keys = JSON.parse(text) as VapidKeys;
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
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
