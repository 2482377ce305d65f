import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { ActivityNotice, AttributeEvent, LiveBus, TelemetryEvent } from '../core/live-bus.ts';

export type { ActivityNotice, AttributeEvent, LiveBus, TelemetryEvent };

class Handlers<T> {
  private readonly set = new Set<(e: T) => void>();
  add(h: (e: T) => void): () => void {
    this.set.add(h);
    return () => this.set.delete(h);
  }
  emit(e: T): void {
    for (const h of this.set) h(e);
  }
}

/** Embedded mode: one process, so a direct call. */
export function inProcessBus(): LiveBus {
  const telemetry = new Handlers<TelemetryEvent>();
  const sessions = new Handlers<string>();
  const access = new Handlers<string>();
  const attributes = new Handlers<AttributeEvent>();
  return {
    publish: (e) => telemetry.emit(e),
    publishAttributes: (e) => attributes.emit(e),
    onAttributes: (h) => attributes.add(h),
    subscribe: (h) => telemetry.add(h),
    publishSessionEnded: (id) => sessions.emit(id),
    onSessionEnded: (h) => sessions.add(h),
    publishAccessChanged: (id) => access.emit(id),
    onAccessChanged: (h) => access.add(h),
    // One process, so there is no other instance to tell.
    publishActivity: () => undefined,
    onActivity: () => () => undefined,
    onResumed: () => () => undefined,
    isUp: async () => true,
    close: async () => undefined,
  };
}

const CHANNEL = 'hestia:telemetry';
const SESSIONS = 'hestia:sessions-ended';
const ACCESS = 'hestia:access-changed';
const ATTRIBUTES = 'hestia:attributes';
const ACTIVITY = 'hestia:activity';

/** An activity batch on Redis: the sending instance, and its notices as `[deviceId, kind]` pairs. */
interface ActivityBatch {
  from: string;
  notices: Array<[string, ActivityNotice['kind']]>;
}

/** Scaled mode: Redis pub/sub; every instance, the publisher included, hears every event once. */
export async function redisBus(url: string, onError: (err: Error) => void): Promise<LiveBus> {
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  pub.on('error', onError);
  sub.on('error', onError);
  await Promise.all([pub.connect(), sub.connect()]);
  const telemetry = new Handlers<TelemetryEvent>();
  const sessions = new Handlers<string>();
  const access = new Handlers<string>();
  const attributes = new Handlers<AttributeEvent>();
  const activity = new Handlers<ActivityNotice>();
  const self = randomUUID();
  sub.on('message', (channel: string, message: string) => {
    if (channel === SESSIONS) return sessions.emit(message);
    if (channel === ACCESS) return access.emit(message);
    try {
      if (channel === ATTRIBUTES) return attributes.emit(JSON.parse(message) as AttributeEvent);
      if (channel === ACTIVITY) {
        const batch = JSON.parse(message) as ActivityBatch;
        if (batch.from !== self)
          for (const [deviceId, kind] of batch.notices) activity.emit({ deviceId, kind });
        return;
      }
      // A batch (an array) or, from an instance of an earlier version, one event.
      const body = JSON.parse(message) as TelemetryEvent | TelemetryEvent[];
      if (Array.isArray(body)) for (const e of body) telemetry.emit(e);
      else telemetry.emit(body);
    } catch (err) {
      onError(err as Error);
    }
  });
  await sub.subscribe(CHANNEL, SESSIONS, ACCESS, ATTRIBUTES, ACTIVITY);
  // A connection lost (Redis restarted, a network cut) loses every event sent meanwhile, ours and the
  // other instances'. Once both are back and the subscriptions are in place again, the listeners are
  // told, so caches and sockets catch up (decision 044).
  const resumed = new Handlers<void>();
  let interrupted = false;
  let closing = false;
  const back = () => {
    if (!interrupted || closing || pub.status !== 'ready' || sub.status !== 'ready') return;
    interrupted = false;
    sub.subscribe(CHANNEL, SESSIONS, ACCESS, ATTRIBUTES, ACTIVITY).then(
      () => resumed.emit(undefined),
      (err: Error) => {
        interrupted = true;
        onError(err);
      },
    );
  };
  for (const connection of [pub, sub]) {
    connection.on('close', () => {
      interrupted = true;
    });
    connection.on('ready', back);
  }
  // Events go out once per turn of the event loop, as one message: at thousands of messages a
  // second, one Redis command (and one message to every instance) per event was most of the cost.
  let queued: TelemetryEvent[] = [];
  const sendQueued = () => {
    if (queued.length === 0) return;
    const batch = queued;
    queued = [];
    pub.publish(CHANNEL, JSON.stringify(batch)).catch(onError);
  };
  // Activity notices go out the same way, in order.
  let notices: ActivityBatch['notices'] = [];
  const sendNotices = () => {
    if (notices.length === 0) return;
    const batch: ActivityBatch = { from: self, notices };
    notices = [];
    pub.publish(ACTIVITY, JSON.stringify(batch)).catch(onError);
  };
  return {
    publish: (e) => {
      if (queued.length === 0) setImmediate(sendQueued);
      queued.push(e);
    },
    subscribe: (h) => telemetry.add(h),
    publishSessionEnded: (id) => {
      pub.publish(SESSIONS, id).catch(onError);
    },
    onSessionEnded: (h) => sessions.add(h),
    publishAccessChanged: (id) => {
      pub.publish(ACCESS, id).catch(onError);
    },
    onAccessChanged: (h) => access.add(h),
    publishAttributes: (e) => {
      pub.publish(ATTRIBUTES, JSON.stringify(e)).catch(onError);
    },
    onAttributes: (h) => attributes.add(h),
    publishActivity: (n) => {
      if (notices.length === 0) setImmediate(sendNotices);
      notices.push([n.deviceId, n.kind]);
    },
    onActivity: (h) => activity.add(h),
    onResumed: (h) => resumed.add(h),
    // Both connections ready, and Redis answers the publishing one within a second.
    isUp: async () => {
      if (pub.status !== 'ready' || sub.status !== 'ready') return false;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), 1000);
      });
      const answered = pub.ping().then(
        (r) => r === 'PONG',
        () => false,
      );
      try {
        return await Promise.race([answered, late]);
      } finally {
        clearTimeout(timer);
      }
    },
    close: async () => {
      closing = true;
      sub.disconnect();
      sendQueued();
      sendNotices();
      await pub.quit().catch(() => undefined);
    },
  };
}
