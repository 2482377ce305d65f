import { legacyWsMessageSchema, type TsSubCmd, WS_ERROR, type WsUpdate } from '@hestia/contract';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '../errors.ts';
import type { AuthService, Principal } from '../services/auth.service.ts';
import type { DeviceService } from '../services/device.service.ts';
import type { TelemetryService } from '../services/telemetry.service.ts';
import type { LiveBus } from './bus.ts';
import type { Hub, Subscription } from './hub.ts';

const MAX_BUFFERED = 1024 * 1024;
const HARD_MAX_BUFFERED = 16 * 1024 * 1024;
const BEHIND_LIMIT_MS = 5000;
const PING_MS = 30_000;
const MAX_SUBS_PER_SOCKET = 2000;

/**
 * ThingsBoard's telemetry socket (`/api/ws/plugins/telemetry?token=JWT`). A client that stays behind
 * for 5 s is disconnected rather than allowed to grow memory.
 */
export function telemetrySocket(
  app: FastifyInstance,
  deps: { auth: AuthService; devices: DeviceService; telemetry: TelemetryService; hub: Hub; bus: LiveBus },
): void {
  const { auth, devices, telemetry, hub, bus } = deps;
  // Sockets by session, so ending a session closes its sockets at once.
  const bySession = new Map<string, Set<WebSocket>>();
  // A share made view-only, revoked or expired: each subscriber learns it at once. Revoked access ends
  // the subscription with errorCode 3; a changed scope arrives as the `shareScope` key.
  bus.onAccessChanged((deviceId) => {
    for (const sub of hub.forDevice(deviceId)) {
      devices.access(sub.userId, deviceId).then(
        (a) =>
          sub.send({
            subscriptionId: sub.cmdId,
            errorCode: 0,
            errorMsg: null,
            data: { shareScope: [[Date.now(), a.access]] },
          }),
        () => {
          sub.drop();
          sub.send({
            subscriptionId: sub.cmdId,
            errorCode: WS_ERROR.UNAUTHORIZED,
            errorMsg: 'Access to this device was withdrawn',
            data: {},
          });
        },
      );
    }
  });
  bus.onSessionEnded((sessionId) => {
    for (const s of bySession.get(sessionId) ?? []) s.close(4001, 'Session ended');
    bySession.delete(sessionId);
  });

  app.get('/api/ws/plugins/telemetry', { websocket: true }, (socket: WebSocket, req) => {
    const token =
      typeof (req.query as Record<string, unknown>).token === 'string'
        ? String((req.query as Record<string, unknown>).token)
        : '';
    const subs = new Map<number, Subscription>();
    let principal: Principal | undefined;
    let behindSince = 0;
    const queued: string[] = [];

    const send = (update: WsUpdate) => {
      if (socket.readyState !== socket.OPEN) return;
      const buffered = socket.bufferedAmount;
      if (buffered > HARD_MAX_BUFFERED) return socket.terminate();
      if (buffered > MAX_BUFFERED) {
        behindSince ||= Date.now();
        if (Date.now() - behindSince > BEHIND_LIMIT_MS) return socket.terminate();
      } else behindSince = 0;
      socket.send(JSON.stringify(update));
    };
    const error = (cmdId: number, code: number, msg: string) =>
      send({ subscriptionId: cmdId, errorCode: code, errorMsg: msg, data: {} });

    async function subscribe(cmd: TsSubCmd): Promise<void> {
      const existing = subs.get(cmd.cmdId);
      if (existing) {
        hub.remove(existing);
        subs.delete(cmd.cmdId);
      }
      if (cmd.unsubscribe) return;
      if (cmd.entityType !== 'DEVICE')
        return error(cmd.cmdId, WS_ERROR.BAD_REQUEST, 'Only DEVICE subscriptions are supported');
      if (subs.size >= MAX_SUBS_PER_SOCKET)
        return error(cmd.cmdId, WS_ERROR.BAD_REQUEST, 'Too many subscriptions on one socket');
      try {
        await devices.access(principal?.userId ?? '', cmd.entityId);
      } catch (err) {
        if (err instanceof AppError) {
          return error(cmd.cmdId, WS_ERROR.UNAUTHORIZED, 'You do not have access to this device');
        }
        return error(cmd.cmdId, WS_ERROR.BAD_REQUEST, 'The subscription failed');
      }
      const keys = cmd.keys?.trim()
        ? new Set(
            cmd.keys
              .split(',')
              .map((k) => k.trim())
              .filter(Boolean),
          )
        : null;
      const sub: Subscription = {
        cmdId: cmd.cmdId,
        deviceId: cmd.entityId,
        userId: principal?.userId ?? '',
        keys,
        send,
        drop: () => {
          hub.remove(sub);
          if (subs.get(cmd.cmdId) === sub) subs.delete(cmd.cmdId);
        },
      };
      subs.set(cmd.cmdId, sub);
      const latest = await telemetry.latestFor([cmd.entityId]);
      if (subs.get(cmd.cmdId) === sub) hub.add(sub, latest.get(cmd.entityId) ?? new Map());
    }

    async function handle(raw: string): Promise<void> {
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        return error(0, WS_ERROR.BAD_REQUEST, 'The command is not valid JSON');
      }
      const parsed = legacyWsMessageSchema.safeParse(json);
      if (!parsed.success) return error(0, WS_ERROR.BAD_REQUEST, 'The command is not valid');
      const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
      for (const cmd of [...(parsed.data.tsSubCmds ?? []), ...(parsed.data.attrSubCmds ?? [])]) {
        if (!cmd.unsubscribe && !isUuid(cmd.entityId)) {
          error(cmd.cmdId, WS_ERROR.BAD_REQUEST, 'entityId must be a device id');
          continue;
        }
        await subscribe(cmd);
      }
    }

    // Commands may arrive before the token is checked; keep them in order.
    socket.on('message', (data) => {
      const text = data.toString();
      if (!principal) queued.push(text);
      else void handle(text);
    });
    const ping = setInterval(() => {
      if (socket.readyState === socket.OPEN) socket.ping();
    }, PING_MS);
    const lag = setInterval(() => {
      if (socket.bufferedAmount > MAX_BUFFERED && behindSince && Date.now() - behindSince > BEHIND_LIMIT_MS)
        socket.terminate();
    }, 1000);
    socket.on('close', () => {
      clearInterval(ping);
      clearInterval(lag);
      for (const sub of subs.values()) hub.remove(sub);
      subs.clear();
      if (principal) {
        const set = bySession.get(principal.sessionId);
        set?.delete(socket);
        if (set?.size === 0) bySession.delete(principal.sessionId);
      }
    });

    auth.authenticate(token).then(
      async (p) => {
        if (socket.readyState !== socket.OPEN) return;
        principal = p;
        const set = bySession.get(p.sessionId) ?? new Set<WebSocket>();
        set.add(socket);
        bySession.set(p.sessionId, set);
        for (const text of queued.splice(0)) await handle(text);
      },
      () => {
        send({
          subscriptionId: 0,
          errorCode: WS_ERROR.UNAUTHORIZED,
          errorMsg: 'token must be valid',
          data: {},
        });
        socket.close(1008, 'Unauthorized');
      },
    );
  });
}
