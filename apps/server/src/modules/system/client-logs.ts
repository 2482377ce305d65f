import { createHash, timingSafeEqual } from 'node:crypto';
import { CLIENT_ID_RE, type ClientLog, DEFAULT_LOG_CREDENTIALS, LOG_THROTTLE_MS } from '@hestia/contract';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../core/clock.ts';
import { AppError } from '../../core/errors.ts';
import type { Db } from '../../db/database.ts';
import { redact } from './redact.ts';

/** Rows the log table keeps: the newest, older ones dropped as new ones come (bounded storage). */
export const CLIENT_LOG_ROWS = 5000;
/** Throttle entries kept at most (one per client and message in the last 2 s). */
const THROTTLE_ENTRIES = 20_000;

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Who sent a log and how (the route's view of the request). */
export interface LogSender {
  authorization: string | undefined;
  /** The app's hashed client id, if it sent a valid one. */
  clientId: string | undefined;
  /** The caller's address: only to tell clients apart in the throttle, never stored. */
  ip: string;
}

/**
 * The app's log collection (spec section 7): basic authorization, one identical message per client
 * in 2 s, personal data replaced before storing, the newest CLIENT_LOG_ROWS rows kept.
 */
export class ClientLogService {
  private readonly expected: Buffer;
  /** `client\0message` digest → when it was last taken. */
  private readonly recent = new Map<string, number>();

  constructor(
    private readonly deps: { db: Db; clock: Clock; credentials?: string | undefined; maxRows?: number },
  ) {
    this.expected = digest(
      `Basic ${Buffer.from(deps.credentials ?? DEFAULT_LOG_CREDENTIALS).toString('base64')}`,
    );
  }

  private authorized(header: string | undefined): boolean {
    if (!header) return false;
    // Digests of equal length, compared in constant time.
    return timingSafeEqual(digest(header.trim()), this.expected);
  }

  /** Whether this client sent this message within the window; notes it when not. */
  private throttled(client: string, message: string): boolean {
    const now = this.deps.clock.now();
    const key = `${client}\u0000${digest(message).toString('base64')}`;
    const last = this.recent.get(key);
    if (last !== undefined && now - last < LOG_THROTTLE_MS) return true;
    this.recent.delete(key);
    this.recent.set(key, now);
    if (this.recent.size > THROTTLE_ENTRIES) {
      // Oldest first (insertion order): drop what is past the window, then the oldest beyond the cap.
      for (const [k, at] of this.recent) {
        if (this.recent.size <= THROTTLE_ENTRIES && now - at < LOG_THROTTLE_MS) break;
        this.recent.delete(k);
      }
    }
    return false;
  }

  async take(sender: LogSender, log: ClientLog): Promise<{ stored: true }> {
    if (!this.authorized(sender.authorization)) throw new AppError('LOG_UNAUTHORIZED');
    const clientId = sender.clientId && CLIENT_ID_RE.test(sender.clientId) ? sender.clientId : undefined;
    if (this.throttled(clientId ?? `ip:${sender.ip}`, `${log.level}\u0000${log.message}`))
      throw new AppError('LOG_THROTTLED');
    const { db, clock } = this.deps;
    const maxRows = this.deps.maxRows ?? CLIENT_LOG_ROWS;
    await db.execute(sql`
      insert into client_logs (created_at, client, level, message, screen, app_version)
      values (${new Date(clock.now()).toISOString()}, ${clientId ?? null}, ${log.level},
        ${redact(log.message)}, ${log.screen === undefined ? null : redact(log.screen)},
        ${log.appVersion === undefined ? null : redact(log.appVersion)})`);
    // The newest maxRows stay: ids grow, so everything at or below (newest id - maxRows) goes.
    await db.execute(sql`delete from client_logs where id <= (select max(id) from client_logs) - ${maxRows}`);
    return { stored: true };
  }
}
