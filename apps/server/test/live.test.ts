import { HestiaClient, LiveClient } from '@hestia/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/seed/demo.ts';
import { addUser, openSocket, type Stack, startStack, waitFor } from './stack.ts';

let stack: Stack;
let token: string;
beforeAll(async () => {
  stack = await startStack();
  token = (await stack.client.login(DEMO_EMAIL, DEMO_PASSWORD)).token;
});
afterAll(() => stack?.stop());

describe('ThingsBoard telemetry socket', () => {
  it('sends the latest values first, then changes, as strings with subscriptionId = cmdId', async () => {
    const s = await openSocket(stack.server.url, token);
    s.send({
      tsSubCmds: [{ cmdId: 7, entityType: 'DEVICE', entityId: stack.ids.switch, keys: 'relay_1,active' }],
    });
    await waitFor(() => s.updates.length > 0);
    const first = s.updates[0];
    expect(first).toMatchObject({ subscriptionId: 7, errorCode: 0, errorMsg: null });
    expect(first?.data.active?.[0]?.[1]).toBe('true');
    expect(Object.keys(first?.data ?? {}).sort()).toEqual(['active', 'relay_1']);
    const next = s.latest(7, 'relay_1') === '1' ? 0 : 1;
    await stack.client.write(stack.ids.switch, [{ Key: 'relay_1', Value: next }]);
    await waitFor(() => s.latest(7, 'relay_1') === String(next));
    s.close();
  });

  it('stops sending after unsubscribe by the same cmdId', async () => {
    const s = await openSocket(stack.server.url, token);
    s.send({ tsSubCmds: [{ cmdId: 1, entityType: 'DEVICE', entityId: stack.ids.switch, keys: 'relay_2' }] });
    await waitFor(() => s.updates.length === 1);
    s.send({
      tsSubCmds: [{ cmdId: 1, entityType: 'DEVICE', entityId: stack.ids.switch, unsubscribe: true }],
    });
    await new Promise((r) => setTimeout(r, 100));
    const next = s.latest(1, 'relay_2') === '1' ? 0 : 1;
    await stack.client.write(stack.ids.switch, [{ Key: 'relay_2', Value: next }]);
    await new Promise((r) => setTimeout(r, 200));
    expect(s.updates).toHaveLength(1);
    s.close();
  });

  it('answers errorCode 3 for a device the user may not see and 2 for a bad command', async () => {
    await addUser(stack.server, 'nosy@example.com', 'NosyUser1');
    const nosy = (await stack.client.login('nosy@example.com', 'NosyUser1')).token;
    const s = await openSocket(stack.server.url, nosy);
    s.send({ tsSubCmds: [{ cmdId: 3, entityType: 'DEVICE', entityId: stack.ids.switch }] });
    s.send({ tsSubCmds: [{ cmdId: 4, entityType: 'DEVICE', entityId: 'nope' }] });
    s.ws.send('{not json');
    await waitFor(() => s.updates.length === 3);
    expect(s.updates.find((u) => u.subscriptionId === 3)).toMatchObject({ errorCode: 3, data: {} });
    expect(s.updates.find((u) => u.subscriptionId === 4)).toMatchObject({ errorCode: 2 });
    expect(s.updates.find((u) => u.subscriptionId === 0)).toMatchObject({ errorCode: 2 });
    s.close();
  });

  it('closes a socket whose token is not valid', async () => {
    const ws = new WebSocket(
      `${stack.server.url.replace('http', 'ws')}/api/ws/plugins/telemetry?token=forged`,
    );
    const code = await new Promise<number>((resolve) => ws.on('close', (c) => resolve(c)));
    expect(code).toBe(1008);
  });
});

describe('LiveClient', () => {
  it('follows devices and picks up again after the socket is lost', async () => {
    const values: Record<string, Record<string, unknown>> = {};
    const sockets: WebSocket[] = [];
    const live = new LiveClient({
      wsBaseUrl: stack.server.url.replace('http', 'ws'),
      getToken: () => token,
      connect: (url) => {
        const ws = new WebSocket(url);
        sockets.push(ws);
        return ws as unknown as import('@hestia/client').SocketLike;
      },
      reconnectMs: 50,
      onUpdate: (id, v) => {
        values[id] = {
          ...values[id],
          ...Object.fromEntries(Object.entries(v).map(([k, [, val]]) => [k, val])),
        };
      },
    });
    live.setDevices([{ id: stack.ids.switch, keys: ['relay_1', 'active'] }, { id: stack.ids.plug }]);
    await waitFor(
      () => values[stack.ids.switch]?.active === 'true' && values[stack.ids.plug]?.voltage !== undefined,
    );
    // Lose the socket, change state meanwhile: the resubscription's snapshot must carry the change.
    sockets[0]?.terminate();
    const next = values[stack.ids.switch]?.relay_1 === '1' ? 0 : 1;
    await stack.client.write(stack.ids.switch, [{ Key: 'relay_1', Value: next }]);
    await waitFor(() => sockets.length === 2 && values[stack.ids.switch]?.relay_1 === String(next));
    // The token went in the first message (authCmd), never in a URL (docs/decisions/022).
    for (const ws of sockets) expect(ws.url).toBe(`${stack.server.url.replace('http', 'ws')}/api/ws`);
    live.close();
  });

  it('stops for good when the server ends its session (close code 4001), and says so', async () => {
    const mine = await stack.client.login(DEMO_EMAIL, DEMO_PASSWORD);
    const sockets: WebSocket[] = [];
    let ended = 0;
    const live = new LiveClient({
      wsBaseUrl: stack.server.url.replace('http', 'ws'),
      getToken: () => mine.token,
      connect: (url) => {
        const ws = new WebSocket(url);
        sockets.push(ws);
        return ws as unknown as import('@hestia/client').SocketLike;
      },
      reconnectMs: 50,
      onUpdate: () => {},
      onSessionEnded: () => {
        ended += 1;
      },
    });
    live.setDevices([{ id: stack.ids.switch, keys: ['active'] }]);
    await waitFor(() => sockets[0]?.readyState === WebSocket.OPEN);
    await new HestiaClient({ baseUrl: stack.server.url, getToken: () => mine.token }).call('logout', {
      body: {},
    });
    await waitFor(() => ended === 1);
    // Well past the reconnect delay: no second socket was opened.
    await new Promise((r) => setTimeout(r, 700));
    expect(sockets).toHaveLength(1);
    live.close();
  });
});
