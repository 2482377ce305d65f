import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PushPayload } from '@hestia/contract';
import webpush from 'web-push';
import type { PushService } from '../../config.ts';
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

/**
 * Whether a subscription's endpoint is one of the allowed push services (`PUSH_SERVICES`): https to a
 * listed host or its subdomains, plain http only to a host listed as `http://host`, no credentials in the
 * address. Anything else (an address inside the network, a user's own server) is refused, so the push
 * sender cannot be aimed elsewhere.
 */
export function isAllowedEndpoint(endpoint: string, services: readonly PushService[]): boolean {
  let u: URL;
  try {
    u = new URL(endpoint);
  } catch {
    return false;
  }
  if (u.username || u.password) return false;
  const host = u.hostname.toLowerCase();
  if (u.protocol === 'https:') return services.some((s) => host === s.host || host.endsWith(`.${s.host}`));
  return u.protocol === 'http:' && services.some((s) => s.http && host === s.host);
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
    private readonly services: readonly PushService[],
    private readonly timeoutMs = 10_000,
  ) {}

  get publicKey(): string {
    return this.keys.publicKey;
  }

  /** Whether a subscription with this endpoint may be kept (and sent to). */
  allows(endpoint: string): boolean {
    return isAllowedEndpoint(endpoint, this.services);
  }

  async send(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
    // A subscription kept before the push services were narrowed is never sent to; 'gone' removes it.
    if (!this.allows(target.endpoint)) return 'gone';
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
      // A push service answers; it does not send the request on to another address.
      redirect: 'error',
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    await res.arrayBuffer().catch(() => undefined);
    if (res.status === 404 || res.status === 410) return 'gone';
    return res.ok ? 'sent' : 'failed';
  }
}
