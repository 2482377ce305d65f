import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/demo.ts';
import { openSocket, type Stack, startStack, waitFor } from './stack.ts';

let stack: Stack;
let token: string;
beforeAll(async () => {
  stack = await startStack();
  token = (await stack.client.login(DEMO_EMAIL, DEMO_PASSWORD)).token;
});
afterAll(() => stack?.stop());

function connect(path: string) {
  const ws = new WebSocket(`${stack.server.url.replace('http', 'ws')}${path}`);
  const updates: Array<{
    subscriptionId: number;
    errorCode: number;
    errorMsg: string | null;
    data: Record<string, Array<[number, string]>>;
  }> = [];
  ws.on('message', (d) => updates.push(JSON.parse(d.toString())));
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, updates, closed, opened, send: (m: unknown) => ws.send(JSON.stringify(m)) };
}

describe('/api/ws with authCmd', () => {
  it('authenticates with authCmd, subscribes with cmds, and unsubscribes', async () => {
    const c = connect('/api/ws');
    await c.opened;
    c.send({
      authCmd: { cmdId: 0, token },
      cmds: [
        { type: 'TIMESERIES', entityType: 'DEVICE', entityId: stack.ids.switch, cmdId: 5, keys: 'relay_1' },
      ],
    });
    await waitFor(() => c.updates.some((u) => u.subscriptionId === 5));
    const first = c.updates.find((u) => u.subscriptionId === 5);
    const current = first?.data.relay_1?.[0]?.[1];
    const next = current === '1' ? 0 : 1;
    await stack.client.write(stack.ids.switch, [{ Key: 'relay_1', Value: next }]);
    await waitFor(() =>
      c.updates.some((u) => u.subscriptionId === 5 && u.data.relay_1?.[0]?.[1] === String(next)),
    );

    c.send({
      cmds: [{ type: 'TIMESERIES_UNSUBSCRIBE', entityType: 'DEVICE', entityId: stack.ids.switch, cmdId: 5 }],
    });
    await new Promise((r) => setTimeout(r, 100));
    const count = c.updates.length;
    await stack.client.write(stack.ids.switch, [{ Key: 'relay_1', Value: next === 1 ? 0 : 1 }]);
    await new Promise((r) => setTimeout(r, 200));
    expect(c.updates.length).toBe(count);
    c.ws.close();
  });

  it('closes a socket whose first message is not authCmd, or whose token is bad', async () => {
    const a = connect('/api/ws');
    await a.opened;
    a.send({ cmds: [{ type: 'TIMESERIES', entityType: 'DEVICE', entityId: stack.ids.switch, cmdId: 1 }] });
    expect(await a.closed).toBe(1008);
    const b = connect('/api/ws');
    await b.opened;
    b.send({ authCmd: { cmdId: 0, token: 'forged' } });
    expect(await b.closed).toBe(1008);
    expect(b.updates[0]).toMatchObject({ errorCode: 3 });
  });

  it('answers a history command with the stored points', async () => {
    const T0 = Date.UTC(2026, 1, 1);
    for (let i = 0; i < 10; i++) stack.server.telemetry.ingest(stack.ids.plug, { power: i }, T0 + i * 1000);
    const c = connect('/api/ws');
    await c.opened;
    c.send({
      authCmd: { cmdId: 0, token },
      cmds: [
        {
          type: 'TIMESERIES_HISTORY',
          entityType: 'DEVICE',
          entityId: stack.ids.plug,
          cmdId: 9,
          keys: 'power',
          startTs: T0,
          endTs: T0 + 10_000,
          limit: 100,
        },
      ],
    });
    await waitFor(() => c.updates.some((u) => u.subscriptionId === 9));
    expect(c.updates.find((u) => u.subscriptionId === 9)?.data.power?.map((p) => p[1])).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
    ]);
    c.ws.close();
  });
});

describe('legacy endpoint extras', () => {
  it('answers historyCmds and refuses a bad one with errorCode 2', async () => {
    const s = await openSocket(stack.server.url, token);
    const T0 = Date.UTC(2026, 2, 1);
    stack.server.telemetry.ingest(stack.ids.plug, { power: 42 }, T0);
    s.send({
      historyCmds: [
        {
          cmdId: 3,
          entityType: 'DEVICE',
          entityId: stack.ids.plug,
          keys: 'power',
          startTs: T0,
          endTs: T0 + 1000,
        },
      ],
    });
    s.send({
      historyCmds: [
        { cmdId: 4, entityType: 'DEVICE', entityId: stack.ids.plug, keys: 'power', startTs: 10, endTs: 5 },
      ],
    });
    await waitFor(() => s.updates.length >= 2);
    expect(s.updates.find((u) => u.subscriptionId === 3)?.data.power).toEqual([[T0, '42']]);
    expect(s.updates.find((u) => u.subscriptionId === 4)).toMatchObject({ errorCode: 2 });
    s.close();
  });
});

describe('slow clients', () => {
  it('disconnects a client that stays behind, without holding its backlog', async () => {
    const c = connect(`/api/ws/plugins/telemetry?token=${encodeURIComponent(token)}`);
    await c.opened;
    c.send({ tsSubCmds: [{ cmdId: 1, entityType: 'DEVICE', entityId: stack.ids.plug, keys: 'blob' }] });
    await waitFor(() => c.updates.length > 0);
    // Stop reading: the server's send buffer for this socket grows.
    (c.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
    const blob = 'x'.repeat(64 * 1024);
    const started = Date.now();
    let closedAt = 0;
    void c.closed.then(() => {
      closedAt = Date.now();
    });
    while (Date.now() - started < 8000 && !closedAt) {
      for (let i = 0; i < 20; i++) stack.server.telemetry.ingest(stack.ids.plug, { blob: `${blob}${i}` });
      await new Promise((r) => setTimeout(r, 50));
      if (Date.now() - started > 6500) (c.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    }
    (c.ws as unknown as { _socket: { resume(): void } })._socket.resume();
    await Promise.race([c.closed, new Promise((r) => setTimeout(r, 3000))]);
    expect(closedAt).toBeGreaterThan(0);
  }, 20_000);
});
