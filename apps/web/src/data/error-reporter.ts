import {
  API_PREFIX,
  CLIENT_ID_HEADER,
  DEFAULT_LOG_CREDENTIALS,
  LOG_THROTTLE_MS,
} from '@hestia/contract/light';

/** One log as `POST logs` takes it (routes-system.ts clientLogSchema). */
export interface ClientLogBody {
  level: 'error' | 'info';
  message: string;
  screen?: string;
}

/** Different messages sent at most this many a minute: a page that keeps failing cannot flood. */
const PER_MINUTE = 20;
/** Messages remembered for the throttle. */
const REMEMBERED = 100;

/**
 * The app's uncaught errors to the server's log collection (spec section 7: the error log is also
 * posted from the web build), throttled here as the server does: one identical message in 2 s, and
 * at most PER_MINUTE a minute. A failure to send is only logged to the console.
 */
export function createErrorReporter(opts: {
  send: (body: ClientLogBody) => Promise<void>;
  now?: () => number;
  screen?: () => string;
}) {
  const now = opts.now ?? Date.now;
  const recent = new Map<string, number>();
  let minuteStart = 0;
  let inMinute = 0;
  return (message: string): boolean => {
    const text = message.trim().slice(0, 2000);
    if (!text) return false;
    const at = now();
    const last = recent.get(text);
    if (last !== undefined && at - last < LOG_THROTTLE_MS) return false;
    if (at - minuteStart >= 60_000) {
      minuteStart = at;
      inMinute = 0;
    }
    if (inMinute >= PER_MINUTE) return false;
    inMinute += 1;
    recent.delete(text);
    recent.set(text, at);
    if (recent.size > REMEMBERED) recent.delete(recent.keys().next().value as string);
    const screen = opts.screen?.().slice(0, 200);
    opts.send({ level: 'error', message: text, ...(screen ? { screen } : {}) }).catch((err: unknown) => {
      console.warn('the error log could not be sent', err);
    });
    return true;
  };
}

/** What an `error` or `unhandledrejection` event says, in one line. */
export function describeError(reason: unknown, where?: string): string {
  const base =
    reason instanceof Error
      ? `${reason.name}: ${reason.message}`
      : typeof reason === 'string'
        ? reason
        : (() => {
            try {
              return JSON.stringify(reason) ?? String(reason);
            } catch {
              return String(reason);
            }
          })();
  return where ? `${base} (${where})` : base;
}

/** `POST /api/v1/logs` on this origin with the log service's basic authorization. */
async function postLog(body: ClientLogBody, clientId: () => string | undefined): Promise<void> {
  const credentials = import.meta.env.VITE_LOG_CREDENTIALS || DEFAULT_LOG_CREDENTIALS;
  const id = clientId();
  const res = await fetch(`${API_PREFIX}/logs`, {
    method: 'POST',
    keepalive: true,
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${btoa(credentials)}`,
      ...(id ? { [CLIENT_ID_HEADER]: id } : {}),
    },
    body: JSON.stringify(body),
  });
  // A throttled repeat (429) is expected now and then; anything else is worth a console line.
  if (!res.ok && res.status !== 429) throw new Error(`log collection answered ${res.status}`);
}

/**
 * An info log of the app (spec section 2: a config link's `info-logs` value "is sent as a log"); a
 * failure to send is only logged to the console.
 */
export function sendInfoLog(message: string, clientId: () => string | undefined): void {
  const text = message.trim().slice(0, 2000);
  if (!text) return;
  postLog({ level: 'info', message: text, screen: location.pathname.slice(0, 200) }, clientId).catch(
    (err: unknown) => console.warn('the info log could not be sent', err),
  );
}

/** Report this window's uncaught errors and unhandled rejections; returns the way to stop. */
export function startErrorReporter(clientId: () => string | undefined): () => void {
  const report = createErrorReporter({
    send: (body) => postLog(body, clientId),
    screen: () => location.pathname,
  });
  const onError = (e: ErrorEvent) => {
    const where = e.filename ? `${e.filename}:${e.lineno}:${e.colno}` : undefined;
    report(describeError(e.error ?? e.message, where));
  };
  const onRejection = (e: PromiseRejectionEvent) => {
    report(`Unhandled rejection: ${describeError(e.reason)}`);
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return () => {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  };
}
