import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { getError } from '@hestia/catalog';
import { HestiaClient } from '@hestia/client';
import { tbTopics } from '@hestia/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserRepository } from '../src/modules/account/user.repository.ts';
import { NotificationRepository } from '../src/modules/notification/notification.repository.ts';
import {
  addSimulated,
  addUser,
  loggedIn,
  refusal,
  type Stack,
  shareWith,
  startStack,
  waitFor,
} from './stack.ts';

// The web-push library's own decryption (RFC 8291), standing in for the browser that holds the keys.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(
    body: Buffer,
    opts: { version: string; privateKey: ReturnType<typeof createECDH>; authSecret: Buffer },
  ): Buffer;
};

/** A push service on this machine: records every push, answers `answer` (201, or 410 for a gone subscription). */
let pushService: Server;
let answer = 201;
const received: Array<{ path: string; headers: Record<string, unknown>; body: Buffer }> = [];

let stack: Stack;
let owner: HestiaClient;
let guest: HestiaClient;
let stranger: HestiaClient;
let washer: string;
const browser = createECDH('prime256v1');
browser.generateKeys();
const authSecret = randomBytes(16);

/** The device reports values over MQTT, as its firmware would. */
const report = (id: string, values: Record<string, number | string>) =>
  stack.fleet.devices.get(id)?.client.publishAsync(tbTopics.telemetry, JSON.stringify(values), { qos: 1 });
const inbox = (query: Record<string, unknown> = {}) => owner.call('notifications', { query });
const decrypt = (body: Buffer) =>
  JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: browser, authSecret }).toString('utf8'));

beforeAll(async () => {
  pushService = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answer).end();
    });
  });
  await new Promise<void>((r) => pushService.listen(0, '127.0.0.1', r));
  // Pushes go to this test's own relay on 127.0.0.1 (plain http) besides the browsers' services.
  stack = await startStack({ PUSH_SERVICES: 'fcm.googleapis.com,http://127.0.0.1' });
  owner = stack.client;
  await addUser(stack.server, 'guest-n@example.com', 'Guest-pass-1234');
  await addUser(stack.server, 'stranger-n@example.com', 'Stranger-pass-1234');
  guest = await loggedIn(stack.server.url, 'guest-n@example.com', 'Guest-pass-1234');
  stranger = await loggedIn(stack.server.url, 'stranger-n@example.com', 'Stranger-pass-1234');
  washer = await addSimulated(stack, owner, 'washing-machine-7kg-1000', 'Washer');
  await shareWith(owner, washer, guest, 'control');
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await new Promise((r) => pushService?.close(r));
});

describe('Web Push registration and delivery', () => {
  it('gives the VAPID key and takes a subscription only to a listed push service', async () => {
    const { publicKey } = await owner.call('pushKey', {});
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const token = (endpoint: string) =>
      JSON.stringify({
        endpoint,
        keys: {
          p256dh: browser.getPublicKey().toString('base64url'),
          auth: authSecret.toString('base64url'),
        },
      });
    const info = (endpoint: string) => ({
      input: {
        info: {
          identifier: 'client-hash-1',
          notifyToken: token(endpoint),
          os: 'web' as const,
          language: 'fa' as const,
        },
      },
    });
    // Not a listed push service: plain http, another host, a look-alike, an address inside the network,
    // the listed relay over https on a non-listed name, credentials in the address.
    for (const endpoint of [
      'http://push.example.com/x',
      'https://push.example.com/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.5/push',
      'http://localhost:5432/',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
    ]) {
      const refused = await refusal(owner.call('editUserNotification', { body: info(endpoint) }));
      expect(refused.statusCode, endpoint).toBe(400);
      expect(refused.message, endpoint).toContain('push service');
    }
    // A listed one: the browsers' service over https (a subdomain too would be), the relay over http.
    await owner.call('editUserNotification', { body: info('https://fcm.googleapis.com/fcm/send/abc') });
    expect(
      (
        await refusal(
          owner.call('editUserNotification', {
            body: { input: { info: { identifier: 'client-hash-1', notifyToken: 'nope', os: 'web' } } },
          }),
        )
      ).statusCode,
    ).toBe(400);
    const port = (pushService.address() as AddressInfo).port;
    await owner.call('editUserNotification', { body: info(`http://127.0.0.1:${port}/push/owner`) });
  });

  it("a device error becomes a notification with the catalogue's text, pushed encrypted in the browser's language", async () => {
    const sim = stack.fleet.devices.get(washer)?.sim;
    await report(washer, sim?.raise('water.none') ?? {});
    await waitFor(async () => (await inbox()).some((n) => n.kind === 'error'));
    const [n] = await inbox();
    expect(n).toMatchObject({
      kind: 'error',
      deviceId: washer,
      seenTime: null,
      data: { errorCode: 'water.none' },
    });
    expect(n?.message).toBe(getError('water.none')?.messages.en);
    // Other pushes (a share accepted in the set-up) may come first: the error's is looked for.
    const isError = (r: (typeof received)[number]) =>
      (decrypt(r.body as Buffer) as { kind?: string }).kind === 'error';
    await waitFor(() => received.some(isError));
    const push = received.find(isError);
    expect(push?.path).toBe('/push/owner');
    expect(String(push?.headers.authorization)).toMatch(/^vapid t=.+, k=.+/);
    expect(push?.headers['content-encoding']).toBe('aes128gcm');
    expect(decrypt(push?.body as Buffer)).toEqual({
      id: n?.id,
      kind: 'error',
      title: 'Washer',
      body: getError('water.none')?.messages.fa,
      url: `/bottom-tab-bar-navigator/notification-details-screen/${n?.id}`,
    });
    await report(washer, sim?.clearErrors() ?? {});
  });

  it('an automation that notifies is pushed with its own message', async () => {
    const before = received.length;
    const a = await owner.call('saveAutomation', {
      body: {
        name: 'Tap',
        isNotify: true,
        notifyMessage: 'Hello from Tap',
        conditions: [{ conditionType: 0 }],
        commands: [{ deviceId: stack.ids.switch, deviceParameterId: 'relay_1', value: 1 }],
      },
    });
    await owner.call('executeAutomation', { params: { id: a.id } });
    await waitFor(() => received.length > before);
    expect(decrypt(received.at(-1)?.body as Buffer)).toMatchObject({
      kind: 'automation',
      title: 'Tap',
      body: 'Hello from Tap',
    });
  });
});

describe('personalisation', () => {
  it('is for the owner only: a shared user gets 403, a stranger 404', async () => {
    const s = await owner.call('notificationSettings', { params: { id: washer } });
    expect(s.kinds.map((k) => k.kind)).toEqual(['error', 'program_done', 'firmware', 'share']);
    expect(s.kinds.every((k) => k.enabled)).toBe(true);
    const g = await refusal(guest.call('notificationSettings', { params: { id: washer } }));
    expect(g).toEqual({
      statusCode: 403,
      message: 'Notification settings are unavailable for shared devices.',
    });
    const body = { kinds: [{ kind: 'error' as const, enabled: false }] };
    expect(
      (await refusal(guest.call('saveNotificationSettings', { params: { id: washer }, body }))).statusCode,
    ).toBe(403);
    expect(
      (await refusal(stranger.call('notificationSettings', { params: { id: washer } }))).statusCode,
    ).toBe(404);
    expect(
      (await refusal(stranger.call('saveNotificationSettings', { params: { id: washer }, body }))).statusCode,
    ).toBe(404);
    const wrong = { kinds: [{ kind: 'door_open' as const, enabled: false }] };
    expect(
      (await refusal(owner.call('saveNotificationSettings', { params: { id: washer }, body: wrong })))
        .statusCode,
    ).toBe(400);
  });

  it('a kind the owner turned off stores and pushes nothing; on again, it notifies', async () => {
    const off = await owner.call('saveNotificationSettings', {
      params: { id: washer },
      body: { kinds: [{ kind: 'error', enabled: false }] },
    });
    expect(off.kinds.find((k) => k.kind === 'error')?.enabled).toBe(false);
    const count = (await inbox({ page_size: 100 })).length;
    const pushes = received.length;
    const sim = stack.fleet.devices.get(washer)?.sim;
    await report(washer, sim?.raise('motor.P1') ?? {});
    await new Promise((r) => setTimeout(r, 600));
    expect((await inbox({ page_size: 100 })).length).toBe(count);
    expect(received.length).toBe(pushes);
    await report(washer, sim?.clearErrors() ?? {});
    await owner.call('saveNotificationSettings', {
      params: { id: washer },
      body: { kinds: [{ kind: 'error', enabled: true }] },
    });
    await report(washer, sim?.raise('motor.P2') ?? {});
    await waitFor(async () => (await inbox({ page_size: 100 })).length === count + 1);
    await report(washer, sim?.clearErrors() ?? {});
  });
});

describe('the inbox', () => {
  it('pages newest first, filters by status, reads one, reads all and counts the unread', async () => {
    const all = await inbox({ page_size: 100 });
    expect(all.length).toBeGreaterThanOrEqual(3);
    const [first, second] = [
      await inbox({ page_size: 1, page_index: 0 }),
      await inbox({ page_size: 1, page_index: 1 }),
    ];
    expect(first[0]?.id).toBe(all[0]?.id);
    expect(second[0]?.id).toBe(all[1]?.id);
    expect((await owner.call('unreadNotifications', {})).count).toBe(all.length);
    const one = all[1]?.id as string;
    await owner.call('seeNotification', { params: { id: one } });
    expect((await owner.call('notificationDetails', { params: { id: one } })).seenTime).not.toBeNull();
    expect((await inbox({ status: 'read' })).map((n) => n.id)).toEqual([one]);
    expect((await inbox({ status: 'unread', page_size: 100 })).map((n) => n.id)).not.toContain(one);
    expect((await owner.call('unreadNotifications', {})).count).toBe(all.length - 1);
    await owner.call('readAllNotifications', {});
    expect((await owner.call('unreadNotifications', {})).count).toBe(0);
    expect(await inbox({ status: 'unread' })).toEqual([]);
  });

  it("keeps each user's notifications their own: another user gets 404 reading, marking or deleting them", async () => {
    const [n] = await inbox();
    const id = n?.id as string;
    for (const other of [guest, stranger]) {
      expect((await refusal(other.call('notificationDetails', { params: { id } }))).statusCode).toBe(404);
      expect((await refusal(other.call('seeNotification', { params: { id } }))).statusCode).toBe(404);
      expect((await refusal(other.call('deleteNotification', { params: { id } }))).statusCode).toBe(404);
    }
    await owner.call('deleteNotification', { params: { id } });
    expect((await refusal(owner.call('notificationDetails', { params: { id } }))).statusCode).toBe(404);
    expect((await refusal(owner.call('deleteNotification', { params: { id } }))).statusCode).toBe(404);
  });

  it('tells the owner a share was accepted and the guest that it ended', async () => {
    const s = await owner.call('createShare', { params: { id: washer }, body: { scope: 'view' } });
    await stranger.call('finalizeShare', { params: { shareToken: s.token } });
    await waitFor(async () => (await inbox()).some((n) => n.kind === 'share' && n.data.share === 'accepted'));
    await owner.call('deleteShare', { params: { id: washer, shareId: s.id } });
    await waitFor(async () =>
      (await stranger.call('notifications', { query: {} })).some((n) => n.data.share === 'ended'),
    );
  });
});

describe('firmware results', () => {
  it("an update's end, as the device reports it, notifies the owner once with the version", async () => {
    await report(washer, { fw_state: 'DOWNLOADING' });
    await report(washer, { fw_state: 'UPDATED', current_fw_version: '7.2' });
    await report(washer, { fw_state: 'UPDATED' });
    await waitFor(async () => (await inbox()).some((n) => n.kind === 'firmware'));
    await new Promise((r) => setTimeout(r, 300));
    const firmware = (await inbox({ page_size: 100 })).filter((n) => n.kind === 'firmware');
    expect(firmware).toHaveLength(1);
    expect(firmware[0]?.data).toMatchObject({ firmware: 'updated', version: '7.2', deviceLabel: 'Washer' });
  });
});

describe('an expired subscription', () => {
  it('is removed when the push service answers 410, and not pushed to again', async () => {
    answer = 410;
    const sim = stack.fleet.devices.get(washer)?.sim;
    const pushes = received.length;
    await report(washer, sim?.raise('motor.P3') ?? {});
    await waitFor(() => received.length === pushes + 1);
    answer = 201;
    await report(washer, sim?.clearErrors() ?? {});
    await report(washer, sim?.raise('motor.P4') ?? {});
    await waitFor(async () => (await inbox()).some((n) => n.data.errorCode === 'motor.P4'));
    await new Promise((r) => setTimeout(r, 300));
    expect(received.length).toBe(pushes + 1);
  });
});

describe('a browser logged out', () => {
  it("gets none of the account's pushes: the logout carrying its client id removes that browser's subscription only", async () => {
    const browserId = `shared-pc-${randomBytes(6).toString('hex')}`;
    const otherId = `own-phone-${randomBytes(6).toString('hex')}`;
    const register = (client: HestiaClient, identifier: string) =>
      client.call('editUserNotification', {
        body: {
          input: {
            info: {
              identifier,
              os: 'web',
              notifyToken: JSON.stringify({
                endpoint: `http://127.0.0.1:${(pushService.address() as AddressInfo).port}/push/${identifier}`,
                keys: { p256dh: browser.getPublicKey('base64url'), auth: authSecret.toString('base64url') },
              }),
            },
          },
        },
      });
    let token: string | undefined;
    const onSharedPc = new HestiaClient({
      baseUrl: stack.server.url,
      getToken: () => token,
      clientId: () => browserId,
    });
    token = (await onSharedPc.login('stranger-n@example.com', 'Stranger-pass-1234')).token;
    await register(onSharedPc, browserId);
    await register(stranger, otherId);
    const user = await new UserRepository(stack.server.database.db).findByUsername('stranger-n@example.com');
    const repo = new NotificationRepository(stack.server.database.db);
    const identifiers = async () =>
      (await repo.subscriptions(user?.id as string)).map((s) => s.identifier).sort();
    expect(await identifiers()).toEqual([browserId, otherId].sort());
    await onSharedPc.call('logout', { body: {} });
    expect(await identifiers()).toEqual([otherId]);
  });
});
