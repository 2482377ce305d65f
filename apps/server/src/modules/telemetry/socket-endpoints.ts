import { WS_AUTH_TIMEOUT_MS, WS_ERROR, wsMessageSchema } from '@hestia/contract';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { type TelemetrySocketDeps, telemetrySessions } from './telemetry-ws.ts';

const parseJson = (text: string): { ok: true; json: unknown } | { ok: false } => {
  try {
    return { ok: true, json: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
};

/** Run handlers one after another per socket, so commands keep their order. */
const serial = () => {
  let chain: Promise<void> = Promise.resolve();
  return (task: () => Promise<void>) => {
    chain = chain.then(task).catch(() => undefined);
  };
};

/**
 * ThingsBoard's telemetry socket on both endpoints: `/api/ws/plugins/telemetry?token=JWT` and
 * `/api/ws` (authCmd first). A client that stays behind for 5 s is disconnected rather than allowed
 * to grow memory; ending a session or withdrawing access reaches its sockets at once. One user holds
 * at most 16 sockets and 5,000 subscriptions across them (docs/decisions/022).
 */
export function telemetrySocket(app: FastifyInstance, deps: TelemetrySocketDeps): void {
  const session = telemetrySessions(deps);
  // After a bus outage (decision 044) every socket missed events: each is closed as "service restart"
  // and the app reconnects (3 s) and resubscribes, each subscription starting with a snapshot.
  const open = new Set<WebSocket>();
  const track = (socket: WebSocket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  };
  deps.bus.onResumed(() => {
    for (const socket of open) socket.close(1012, 'Live updates were interrupted; reconnect');
  });

  app.get('/api/ws/plugins/telemetry', { websocket: true }, (socket: WebSocket, req) => {
    const query = req.query as Record<string, unknown>;
    track(socket);
    const s = session(socket);
    const run = serial();
    const ready = s.authenticate(typeof query.token === 'string' ? query.token : '');
    run(async () => {
      await ready;
    });
    socket.on('message', (data) => {
      run(async () => {
        if (!s.authenticated) return;
        const parsed = parseJson(data.toString());
        if (!parsed.ok) return s.error(0, WS_ERROR.BAD_REQUEST, 'The command is not valid JSON');
        await s.handleLegacy(parsed.json);
      });
    });
  });

  app.get('/api/ws', { websocket: true }, (socket: WebSocket) => {
    track(socket);
    const s = session(socket);
    const run = serial();
    const deadline = setTimeout(() => {
      if (!s.authenticated) socket.close(1008, 'authCmd expected within 10 s');
    }, WS_AUTH_TIMEOUT_MS);
    socket.on('close', () => clearTimeout(deadline));
    socket.on('message', (data) => {
      run(async () => {
        const parsed = parseJson(data.toString());
        if (!parsed.ok) return s.error(0, WS_ERROR.BAD_REQUEST, 'The command is not valid JSON');
        const msg = wsMessageSchema.safeParse(parsed.json);
        if (!s.authenticated) {
          const token = msg.success ? msg.data.authCmd?.token : undefined;
          if (!token) {
            s.error(0, WS_ERROR.UNAUTHORIZED, 'Send authCmd first');
            socket.close(1008, 'authCmd expected first');
            return;
          }
          if (!(await s.authenticate(token))) return;
          clearTimeout(deadline);
        }
        await s.handleCmds(parsed.json);
      });
    });
  });
}
