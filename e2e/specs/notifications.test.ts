import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { getError } from '@hestia/catalog';
import type { HestiaClient } from '@hestia/client';
import { tbTopics } from '@hestia/contract';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../axe.ts';
import { artifacts, type E2eStack, startE2e } from '../stack.ts';

/**
 * Issue 20: a device's event and an automation reach the page as a push (the server's encrypted push
 * goes to a push service on this machine; the test, holding the subscription's keys as the browser's
 * push service would, decrypts it and hands it to the app's service worker), show as a toast, and are
 * read in the inbox; in English and in Persian.
 */
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(
    body: Buffer,
    o: { version: string; privateKey: ReturnType<typeof createECDH>; authSecret: Buffer },
  ): Buffer;
};
let stack: E2eStack;
let owner: HestiaClient;
let pushService: Server;
const pushes: Buffer[] = [];
const keys = createECDH('prime256v1');
keys.generateKeys();
const authSecret = randomBytes(16);

beforeAll(async () => {
  pushService = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      pushes.push(Buffer.concat(chunks));
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((r) => pushService.listen(0, '127.0.0.1', r));
  stack = await startE2e({ PUSH_SERVICES: 'http://127.0.0.1' }); // the test's own push service
  owner = await stack.demoClient();
}, 60_000);
afterAll(async () => {
  await stack?.stop();
  await new Promise((r) => pushService?.close(r));
});

/** Registers the test's subscription for the demo user, in `language` (the spec's edit-user-notification). */
async function subscribe(language: 'en' | 'fa') {
  const port = (pushService.address() as AddressInfo).port;
  const notifyToken = JSON.stringify({
    endpoint: `http://127.0.0.1:${port}/push/${language}`,
    keys: { p256dh: keys.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
  });
  await owner.call('editUserNotification', {
    body: { input: { info: { identifier: 'e2e-browser', notifyToken, os: 'web', language } } },
  });
}

/** The page's service worker, for handing it pushes (DevTools' ServiceWorker.deliverPushMessage). */
async function worker(page: Page, context: BrowserContext): Promise<{ cdp: CDPSession; id: string }> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const cdp = await context.newCDPSession(page);
  const registration = new Promise<string>((done) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
      const r = e.registrations.find((x) => !x.isDeleted);
      if (r) done(r.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  return { cdp, id: await registration };
}

/** Waits for the server's next push, decrypts it, and delivers it to the page's worker. */
async function relayNextPush(page: Page, w: { cdp: CDPSession; id: string }, before: number) {
  await expect.poll(() => pushes.length, { timeout: 10_000 }).toBeGreaterThan(before);
  const plain = ece.decrypt(pushes.at(-1) as Buffer, { version: 'aes128gcm', privateKey: keys, authSecret });
  await w.cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: w.id,
    data: plain.toString('utf8'),
  });
  return JSON.parse(plain.toString('utf8')) as { id: string; title: string; body: string };
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: resolve(artifacts, `notifications-${name}.png`) });

describe('notifications in the browser', () => {
  it('en: an automation notifies as a push shown as a toast, the bell counts it, it is read in the inbox', async () => {
    await owner.call('readAllNotifications', {});
    await subscribe('en');
    const context = await stack.newContext('en');
    const page = await context.newPage();
    await stack.logIn(page);
    const w = await worker(page, context);
    const switchId = stack.deviceOf('switch-two-pole');
    const automation = await owner.call('saveAutomation', {
      body: {
        name: 'Goodnight',
        isNotify: true,
        notifyMessage: 'The lights went off',
        conditions: [{ conditionType: 0 }],
        commands: [{ deviceId: switchId, deviceParameterId: 'relay_1', value: 0 }],
      },
    });
    const before = pushes.length;
    await owner.call('executeAutomation', { params: { id: automation.id } });
    const push = await relayNextPush(page, w, before);
    expect(push).toMatchObject({ title: 'Goodnight', body: 'The lights went off' });
    const toast = page.locator('[data-sonner-toast]', { hasText: 'Goodnight' });
    await expect.poll(() => toast.textContent()).toContain('The lights went off');
    await expect.poll(() => page.getByTestId('notification-badge').textContent()).toBe('1');
    await shot(page, 'en-toast');
    await page.getByTestId('notification-bell').click();
    const row = page.getByTestId('notification-row').first();
    await expect.poll(() => row.getAttribute('data-unread')).toBe('true');
    await shot(page, 'en-inbox');
    expect(await axeViolations(page, 'inbox en')).toEqual([]);
    await row.click();
    await expect.poll(() => page.getByTestId('notification-body').textContent()).toBe('The lights went off');
    await shot(page, 'en-details');
    expect(await axeViolations(page, 'notification en')).toEqual([]);
    await page.getByTestId('back').click();
    await expect
      .poll(() => page.getByTestId('notification-row').first().getAttribute('data-unread'))
      .toBe('false');
    expect((await owner.call('unreadNotifications', {})).count).toBe(0);
    await context.close();
  }, 60_000);

  it('en: with no page of the app open, the service worker shows the push as a system notification for its screen', async () => {
    await subscribe('en');
    const context = await stack.newContext('en');
    await context.grantPermissions(['notifications'], { origin: stack.server.url });
    const page = await context.newPage();
    await stack.logIn(page);
    const w = await worker(page, context);
    const origin = new URL(page.url()).origin;
    await page.goto('about:blank');
    const before = pushes.length;
    const door = await stack.addDevice('door-sensor-door', 'Front door');
    const device = stack.fleet.devices.get(door);
    await device?.client.publishAsync(tbTopics.telemetry, JSON.stringify({ sensor_status: 1 }), { qos: 1 });
    await expect.poll(() => pushes.length, { timeout: 10_000 }).toBeGreaterThan(before);
    const plain = ece.decrypt(pushes.at(-1) as Buffer, {
      version: 'aes128gcm',
      privateKey: keys,
      authSecret,
    });
    await w.cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: w.id,
      data: plain.toString('utf8'),
    });
    const push = JSON.parse(plain.toString('utf8')) as { id: string; url: string };
    await page.goto(`${origin}/bottom-tab-bar-navigator/dashboard`);
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          url: (n.data as { url?: string } | null)?.url,
        })),
      );
    await expect.poll(shown).toEqual([{ title: 'Front door', body: 'The door was opened.', url: push.url }]);
    expect(push.url).toBe(`/bottom-tab-bar-navigator/notification-details-screen/${push.id}`);
    // The simulated contact opens again every half minute: its owner turns that off.
    await owner.call('saveNotificationSettings', {
      params: { id: door },
      body: { kinds: [{ kind: 'door_open', enabled: false }] },
    });
    await context.close();
  }, 60_000);

  it("fa: a washer's fault arrives in Persian with the catalogue's text; read all, delete, then the empty inbox", async () => {
    await subscribe('fa');
    const washer = await stack.addDevice('washing-machine-7kg-1000', 'لباسشویی');
    const context = await stack.newContext('fa');
    const page = await context.newPage();
    await stack.logIn(page);
    const w = await worker(page, context);
    const device = stack.fleet.devices.get(washer);
    const before = pushes.length;
    await device?.client.publishAsync(tbTopics.telemetry, JSON.stringify(device.sim.raise('water.none')), {
      qos: 1,
    });
    const push = await relayNextPush(page, w, before);
    const text = getError('water.none')?.messages.fa as string;
    expect(push).toMatchObject({ title: 'لباسشویی', body: text });
    await expect.poll(() => page.locator('[data-sonner-toast]', { hasText: text }).count()).toBe(1);
    await expect.poll(() => page.getByTestId('notification-badge').textContent()).toMatch(/^[۱-۹]/);
    await page.getByTestId('notification-bell').click();
    await expect.poll(() => page.getByTestId('notification-row').first().textContent()).toContain(text);
    await shot(page, 'fa-inbox');
    expect(await axeViolations(page, 'inbox fa')).toEqual([]);
    await page.getByTestId('read-all').click();
    await expect.poll(() => page.locator('[data-unread="true"]').count()).toBe(0);
    expect((await owner.call('unreadNotifications', {})).count).toBe(0);
    await page.getByTestId('notification-row').first().click();
    await expect.poll(() => page.getByTestId('notification-body').textContent()).toBe(text);
    await page.getByTestId('notification-delete').click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: 'حذف' }).click();
    await page.getByTestId('screen-notifications').waitFor();
    await expect
      .poll(async () => (await owner.call('notifications', { query: {} })).some((n) => n.id === push.id))
      .toBe(false);
    for (const n of await owner.call('notifications', { query: { page_size: 100 } }))
      await owner.call('deleteNotification', { params: { id: n.id } });
    await page.reload();
    await expect.poll(() => page.getByText('هنوز اعلانی نیست').count()).toBe(1);
    await shot(page, 'fa-empty');
    await context.close();
  }, 60_000);
});
