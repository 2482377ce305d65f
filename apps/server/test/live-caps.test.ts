import {
  WS_CLOSE_TOO_MANY_SOCKETS,
  WS_MAX_SOCKETS_PER_USER,
  WS_MAX_SUBSCRIPTIONS_PER_USER,
} from '@hestia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/demo.ts';
import { addUser, type Stack, startStack, waitFor } from './stack.ts';

// Issue 26, item 9: one user held 20 sockets × 2,000 subscriptions. Decision 022 caps a user at 16
// sockets and 5,000 subscriptions across them.

let stack: Stack;
let phone: string;
let desktop: string;
beforeAll(async () => {
  stack = await startStack();
  phone = (await stack.client.login(DEMO_EMAIL, DEMO_PASSWORD)).token;
  desktop = (await stack.client.login(DEMO_EMAIL, DEMO_PASSWORD)).token;
});
afterAll(() => stack?.stop());

interface Update {
  subscriptionId: number;
  errorCode: number;
  errorMsg: string | null;
  data: Record<string, Array<[number, string]>>;
}

/** A raw socket on either endpoint, authenticated with `token`; resolves once the server accepted it. */
async function open(token: string, endpoint: 'legacy' | 'cmds') {
  const base = stack.server.url.replace('http', 'ws');
  const ws = new WebSocket(
    endpoint === 'legacy'
      ? `${base}/api/ws/plugins/telemetry?token=${encodeURIComponent(token)}`
      : `${base}/api/ws`,
  );
  const updates: Update[] = [];
  ws.on('message', (d) => updates.push(JSON.parse(d.toString())));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const send = (m: unknown) => ws.send(JSON.stringify(m));
  if (endpoint === 'cmds') send({ authCmd: { cmdId: 0, token } });
  /** Subscribe (or unsubscribe) cmdIds `from`.. to the switch's `active`, in the endpoint's own words. */
  const subscribe = (from: number, count = 1, unsubscribe = false) => {
    const base = { entityType: 'DEVICE', entityId: stack.ids.switch, keys: 'active' };
    // 300 commands a message keep each under the server's 64 KB frame limit.
    for (let at = 0; at < count; at += 300) {
      const ids = Array.from({ length: Math.min(300, count - at) }, (_, i) => from + at + i);
      if (endpoint === 'legacy')
        send({
          tsSubCmds: ids.map((cmdId) => ({ ...base, cmdId, ...(unsubscribe ? { unsubscribe } : {}) })),
        });
      else
        send({
          cmds: ids.map((cmdId) => ({
            ...base,
            cmdId,
            type: unsubscribe ? 'TIMESERIES_UNSUBSCRIBE' : 'TIMESERIES',
          })),
        });
    }
  };
  return { ws, updates, closed, send, subscribe };
}
type Socket = Awaited<ReturnType<typeof open>>;

/** A socket the server kept: it answers a subscription on it. */
async function accepted(s: Socket, cmdId: number): Promise<void> {
  s.subscribe(cmdId);
  await waitFor(() => s.updates.some((u) => u.subscriptionId === cmdId && u.errorCode === 0));
  s.subscribe(cmdId, 1, true);
}

describe('per-user caps on live sockets', () => {
  it(`accepts ${WS_MAX_SOCKETS_PER_USER} sockets of one user across sessions and endpoints, refuses one more with an error and close code ${WS_CLOSE_TOO_MANY_SOCKETS}, and takes it once one closed`, async () => {
    const sockets: Socket[] = [];
    for (let i = 0; i < WS_MAX_SOCKETS_PER_USER; i++)
      sockets.push(await open(i % 2 ? phone : desktop, i % 3 ? 'legacy' : 'cmds'));
    for (const s of sockets) await accepted(s, 1);

    // One over, on either endpoint: the protocol's error update, then the close code.
    for (const endpoint of ['legacy', 'cmds'] as const) {
      const extra = await open(phone, endpoint);
      expect(await extra.closed).toBe(WS_CLOSE_TOO_MANY_SOCKETS);
      expect(extra.updates).toEqual([
        {
          subscriptionId: 0,
          errorCode: 2,
          errorMsg: `Too many live connections for this account (at most ${WS_MAX_SOCKETS_PER_USER}); close another app or tab`,
          data: {},
        },
      ]);
    }

    // Another user is not affected.
    await addUser(stack.server, 'neighbour@example.com', 'NeighbourPw1');
    const neighbour = await open(
      (await stack.client.login('neighbour@example.com', 'NeighbourPw1')).token,
      'cmds',
    );
    neighbour.send({
      cmds: [{ type: 'TIMESERIES', cmdId: 1, entityType: 'DEVICE', entityId: stack.ids.switch }],
    });
    await waitFor(() => neighbour.updates.length === 1);
    expect(neighbour.updates[0]).toMatchObject({ subscriptionId: 1, errorCode: 3 });

    // A closed socket gives its place back.
    const first = sockets.shift() as Socket;
    first.ws.close();
    await first.closed;
    const again = await open(phone, 'cmds');
    await accepted(again, 1);
    sockets.push(again);
    for (const s of [...sockets, neighbour]) s.ws.close();
    await Promise.all(sockets.map((s) => s.closed));
  });

  it(`takes exactly ${WS_MAX_SUBSCRIPTIONS_PER_USER} subscriptions across a user's sockets asked in parallel, and gives places back on unsubscribe and close`, async () => {
    const sockets = [await open(phone, 'legacy'), await open(desktop, 'legacy'), await open(phone, 'cmds')];
    for (const s of sockets) s.subscribe(1, 2000);
    await waitFor(() => sockets.every((s) => s.updates.length === 2000), 20_000);
    const all = sockets.flatMap((s) => s.updates);
    const refused = all.filter((u) => u.errorCode !== 0);
    expect(all.filter((u) => u.errorCode === 0)).toHaveLength(WS_MAX_SUBSCRIPTIONS_PER_USER);
    expect(refused).toHaveLength(3 * 2000 - WS_MAX_SUBSCRIPTIONS_PER_USER);
    expect(refused[0]).toEqual({
      subscriptionId: refused[0]?.subscriptionId,
      errorCode: 2,
      errorMsg: `Too many live subscriptions for this account (at most ${WS_MAX_SUBSCRIPTIONS_PER_USER} across its connections)`,
      data: {},
    });

    // A fourth socket of the same user is at the cap too.
    const fourth = await open(desktop, 'cmds');
    fourth.subscribe(9);
    await waitFor(() => fourth.updates.length === 1);
    expect(fourth.updates[0]).toMatchObject({ subscriptionId: 9, errorCode: 2 });

    // Unsubscribing one kept subscription frees one place.
    // The socket that kept the fewest (each kept some: two sockets hold at most 4,000), so the
    // fourth socket can take all its places back without reaching its own limit of 2,000.
    const keptOn = (s: Socket) => s.updates.filter((u) => u.errorCode === 0).length;
    const holder = [...sockets].sort((a, b) => keptOn(a) - keptOn(b))[0] as Socket;
    expect(keptOn(holder)).toBeGreaterThan(0);
    const kept = holder.updates.find((u) => u.errorCode === 0)?.subscriptionId as number;
    holder.subscribe(kept, 1, true);
    await new Promise((r) => setTimeout(r, 100));
    fourth.subscribe(10);
    fourth.subscribe(11);
    await waitFor(() => fourth.updates.length === 3);
    expect(fourth.updates[1]).toMatchObject({ subscriptionId: 10, errorCode: 0 });
    expect(fourth.updates[2]).toMatchObject({ subscriptionId: 11, errorCode: 2 });

    // Closing a socket frees all of its places.
    const freed = holder.updates.filter((u) => u.errorCode === 0).length - 1;
    holder.ws.close();
    await holder.closed;
    fourth.subscribe(100, freed + 1);
    await waitFor(() => fourth.updates.length === 3 + freed + 1, 30_000);
    const last = fourth.updates.slice(3);
    expect(last.filter((u) => u.errorCode === 0)).toHaveLength(freed);
    expect(last.at(-1)).toMatchObject({ subscriptionId: 100 + freed, errorCode: 2 });
    for (const s of [...sockets, fourth]) s.ws.close();
  });
});
