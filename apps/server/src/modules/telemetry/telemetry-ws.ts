import {
  type Access,
  type HistoryCmd,
  legacyWsMessageSchema,
  type TelemetryValue,
  type TsSubCmd,
  timeseriesQuerySchema,
  WS_CLOSE_SESSION_ENDED,
  WS_CLOSE_TOO_MANY_SOCKETS,
  WS_ERROR,
  WS_MAX_SOCKETS_PER_USER,
  WS_MAX_SUBSCRIPTIONS_PER_USER,
  type WsUpdate,
  wsMessageSchema,
} from '@hestia/contract';
import type { WebSocket } from 'ws';
import { AppError } from '../../core/errors.ts';
import type { LiveBus } from '../../core/live-bus.ts';
import type { AuthService, Principal } from '../account/auth.service.ts';
import type { DeviceService } from '../device/device.service.ts';
import type { AttributeScope } from './attribute.repository.ts';
import type { AttributeService } from './attribute.service.ts';
import type { Hub, Subscription } from './hub.ts';
import type { TelemetryHistory } from './telemetry.repository.ts';
import type { TelemetryService } from './telemetry.service.ts';

const MAX_BUFFERED = 1024 * 1024;
const HARD_MAX_BUFFERED = 16 * 1024 * 1024;
const BEHIND_LIMIT_MS = 5000;
const PING_MS = 30_000;
const MAX_SUBS_PER_SOCKET = 2000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** ThingsBoard's scope names on the socket and in REST paths. */
export const SCOPES: Record<string, AttributeScope> = {
  CLIENT_SCOPE: 'client',
  SHARED_SCOPE: 'shared',
  SERVER_SCOPE: 'server',
};

export interface TelemetrySocketDeps {
  attributes: AttributeService;
  auth: AuthService;
  devices: DeviceService;
  telemetry: TelemetryService;
  hub: Hub;
  bus: LiveBus;
  history: Pick<TelemetryHistory, 'series'>;
}

/** What one user holds on this instance: sockets, and subscriptions across them (reserved ones included). */
interface UserLoad {
  sockets: Set<WebSocket>;
  subs: number;
}

/**
 * The sessions of ThingsBoard's telemetry socket (socket-endpoints.ts serves its two endpoints): a
 * client that stays behind for 5 s is disconnected rather than allowed to grow memory; ending a
 * session or withdrawing access reaches its sockets at once. One user holds at most 16 sockets and
 * 5,000 subscriptions across them (docs/decisions/022).
 */
export function telemetrySessions(deps: TelemetrySocketDeps) {
  const { attributes, auth, devices, telemetry, hub, bus, history: stored } = deps;
  const bySession = new Map<string, Set<WebSocket>>();
  const byUser = new Map<string, UserLoad>();
  const forget = (userId: string, load: UserLoad) => {
    if (load.sockets.size === 0 && load.subs <= 0 && byUser.get(userId) === load) byUser.delete(userId);
  };

  /** Counts access changes, so a subscription set up across one reads the access again. */
  let accessChanges = 0;
  bus.onAccessChanged((deviceId) => {
    accessChanges += 1;
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
    for (const s of bySession.get(sessionId) ?? []) s.close(WS_CLOSE_SESSION_ENDED, 'Session ended');
    bySession.delete(sessionId);
  });

  /** One socket's state: its principal, its subscriptions, its output queue. */
  function session(socket: WebSocket) {
    const subs = new Map<number, Subscription>();
    let principal: Principal | undefined;
    /** The user's load, once this socket counts against it. */
    let load: UserLoad | undefined;
    let behindSince = 0;

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

    /** The caller's access to the device, or null once refused (the refusal is sent). */
    async function checkAccess(cmdId: number, entityType: string, entityId: string): Promise<Access | null> {
      if (entityType !== 'DEVICE') {
        error(cmdId, WS_ERROR.BAD_REQUEST, 'Only DEVICE subscriptions are supported');
        return null;
      }
      if (!UUID.test(entityId)) {
        error(cmdId, WS_ERROR.BAD_REQUEST, 'entityId must be a device id');
        return null;
      }
      try {
        return (await devices.access(principal?.userId ?? '', entityId)).access;
      } catch (err) {
        if (err instanceof AppError)
          error(cmdId, WS_ERROR.UNAUTHORIZED, 'You do not have access to this device');
        else error(cmdId, WS_ERROR.BAD_REQUEST, 'The subscription failed');
        return null;
      }
    }

    function unsubscribe(cmdId: number): void {
      const existing = subs.get(cmdId);
      if (existing) existing.drop();
    }

    async function subscribe(cmd: TsSubCmd, kind: 'timeseries' | 'attributes'): Promise<void> {
      unsubscribe(cmd.cmdId);
      if (cmd.unsubscribe) return;
      const owner = load;
      if (!owner || !principal) return;
      const userId = principal.userId;
      if (subs.size >= MAX_SUBS_PER_SOCKET)
        return error(cmd.cmdId, WS_ERROR.BAD_REQUEST, 'Too many subscriptions on one socket');
      if (owner.subs >= WS_MAX_SUBSCRIPTIONS_PER_USER)
        return error(
          cmd.cmdId,
          WS_ERROR.BAD_REQUEST,
          `Too many live subscriptions for this account (at most ${WS_MAX_SUBSCRIPTIONS_PER_USER} across its connections)`,
        );
      const scope = cmd.scope ? SCOPES[cmd.scope] : null;
      if (kind === 'attributes' && scope === undefined)
        return error(
          cmd.cmdId,
          WS_ERROR.BAD_REQUEST,
          'scope must be CLIENT_SCOPE, SHARED_SCOPE or SERVER_SCOPE',
        );
      // The slot is taken before the access check waits, so the user's other sockets count it at
      // once; a subscription that is kept gives it back when dropped, any other outcome right here.
      owner.subs += 1;
      let kept = false;
      try {
        const epoch = accessChanges;
        const checked = await checkAccess(cmd.cmdId, cmd.entityType, cmd.entityId);
        if (!checked) return;
        // The socket closed while access was being checked: nothing to keep.
        if (socket.readyState !== socket.OPEN) return;
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
          userId,
          keys,
          ...(kind === 'attributes' ? { attributes: { scope: scope ?? null } } : {}),
          send,
          drop: () => {
            hub.remove(sub);
            if (subs.get(cmd.cmdId) !== sub) return;
            subs.delete(cmd.cmdId);
            owner.subs -= 1;
            forget(userId, owner);
          },
        };
        subs.set(cmd.cmdId, sub);
        kept = true;
        const current =
          kind === 'attributes'
            ? new Map(
                (await attributes.list(cmd.entityId, scope ?? undefined)).map((a) => [
                  a.key,
                  [a.lastUpdateTs, a.value] as [number, TelemetryValue],
                ]),
              )
            : ((await telemetry.latestFor([cmd.entityId])).get(cmd.entityId) ?? new Map());
        // The first snapshot says a shared device's access as it is now: a change made between the
        // app's device list and this subscription is not announced again (decision 007). Read again
        // only if an access changed anywhere while this subscription was being set up.
        let access = checked;
        if (kind === 'timeseries' && accessChanges !== epoch) {
          const now = await devices.access(userId, cmd.entityId).catch(() => null);
          if (now === null) {
            sub.drop();
            return error(cmd.cmdId, WS_ERROR.UNAUTHORIZED, 'Access to this device was withdrawn');
          }
          access = now.access;
        }
        if (subs.get(cmd.cmdId) !== sub) return;
        hub.add(sub, current);
        if (kind === 'timeseries' && access !== 'owner')
          send({
            subscriptionId: cmd.cmdId,
            errorCode: 0,
            errorMsg: null,
            data: { shareScope: [[Date.now(), access]] },
          });
      } finally {
        if (!kept) {
          owner.subs -= 1;
          forget(userId, owner);
        }
      }
    }

    async function history(cmd: HistoryCmd): Promise<void> {
      if (!(await checkAccess(cmd.cmdId, cmd.entityType, cmd.entityId))) return;
      const q = timeseriesQuerySchema.safeParse({ ...cmd, orderBy: 'ASC' });
      if (!q.success)
        return error(
          cmd.cmdId,
          WS_ERROR.BAD_REQUEST,
          q.error.issues[0]?.message ?? 'The history command is not valid',
        );
      await telemetry.flush();
      const series = await stored.series({ deviceId: cmd.entityId, ...q.data });
      const data: WsUpdate['data'] = {};
      for (const [key, points] of Object.entries(series)) data[key] = points.map((p) => [p.ts, p.value]);
      send({ subscriptionId: cmd.cmdId, errorCode: 0, errorMsg: null, data });
    }

    async function handleLegacy(json: unknown): Promise<void> {
      const parsed = legacyWsMessageSchema.safeParse(json);
      if (!parsed.success) return error(0, WS_ERROR.BAD_REQUEST, 'The command is not valid');
      for (const cmd of parsed.data.tsSubCmds ?? []) await subscribe(cmd, 'timeseries');
      for (const cmd of parsed.data.attrSubCmds ?? []) await subscribe(cmd, 'attributes');
      for (const cmd of parsed.data.historyCmds ?? []) await history(cmd);
    }

    async function handleCmds(json: unknown): Promise<void> {
      const parsed = wsMessageSchema.safeParse(json);
      if (!parsed.success) return error(0, WS_ERROR.BAD_REQUEST, 'The command is not valid');
      for (const cmd of parsed.data.cmds ?? []) {
        if (cmd.type.endsWith('_UNSUBSCRIBE')) unsubscribe(cmd.cmdId);
        else if (cmd.type === 'TIMESERIES_HISTORY') {
          if (cmd.startTs === undefined || cmd.endTs === undefined || !cmd.keys) {
            error(cmd.cmdId, WS_ERROR.BAD_REQUEST, 'History needs keys, startTs and endTs');
          } else await history({ ...cmd, keys: cmd.keys, startTs: cmd.startTs, endTs: cmd.endTs });
        } else await subscribe(cmd, cmd.type === 'ATTRIBUTES' ? 'attributes' : 'timeseries');
      }
    }

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
      for (const sub of [...subs.values()]) sub.drop();
      if (principal) {
        const set = bySession.get(principal.sessionId);
        set?.delete(socket);
        if (set?.size === 0) bySession.delete(principal.sessionId);
      }
      if (load && principal) {
        load.sockets.delete(socket);
        forget(principal.userId, load);
      }
    });

    return {
      /** Authenticate; false (and the socket closed) when the token is not valid. */
      async authenticate(token: string): Promise<boolean> {
        try {
          principal = await auth.authenticate(token);
        } catch {
          error(0, WS_ERROR.UNAUTHORIZED, 'token must be valid');
          socket.close(1008, 'Unauthorized');
          return false;
        }
        if (socket.readyState !== socket.OPEN) return false;
        const mine = byUser.get(principal.userId) ?? { sockets: new Set<WebSocket>(), subs: 0 };
        if (mine.sockets.size >= WS_MAX_SOCKETS_PER_USER) {
          principal = undefined;
          error(
            0,
            WS_ERROR.BAD_REQUEST,
            `Too many live connections for this account (at most ${WS_MAX_SOCKETS_PER_USER}); close another app or tab`,
          );
          socket.close(WS_CLOSE_TOO_MANY_SOCKETS, 'Too many connections for this account');
          return false;
        }
        mine.sockets.add(socket);
        byUser.set(principal.userId, mine);
        load = mine;
        const set = bySession.get(principal.sessionId) ?? new Set<WebSocket>();
        set.add(socket);
        bySession.set(principal.sessionId, set);
        return true;
      },
      get authenticated() {
        return principal !== undefined;
      },
      handleLegacy,
      handleCmds,
      error,
    };
  }

  return session;
}

export type TelemetrySession = ReturnType<ReturnType<typeof telemetrySessions>>;
