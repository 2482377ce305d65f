import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { HestiaClient } from '@hestia/client';
import {
  createServer,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  DeviceRepository,
  type HestiaServer,
  loadConfig,
  newAccessToken,
  personalDataIn,
  UserRepository,
} from '@hestia/server';
import { type Fleet, startFleet } from '@hestia/simulator';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { expect } from 'vitest';

export const artifacts = resolve(import.meta.dirname, '../artifacts/e2e');

/** The phone-sized viewport every screen is looked at on (spec: phone first). */
export const PHONE = { width: 390, height: 844 } as const;
export { DEMO_EMAIL, DEMO_PASSWORD };

export interface E2eStack {
  server: HestiaServer;
  /** Lines the operator's console outbox printed (codes for channels without a provider). */
  outbox: string[];
  fleet: Fleet;
  browser: Browser;
  /**
   * Give the demo user one more simulated device of any catalogue model (in the demo place, or in
   * `assetId`), connected over MQTT like the rest of the fleet. Returns its id.
   */
  addDevice(profileId: string, name: string, assetId?: string): Promise<string>;
  /** The id of the first simulated device of a catalogue model (the demo home has one of each it holds). */
  deviceOf(profileId: string): string;
  /** An API client logged in as the demo user. */
  demoClient(): Promise<HestiaClient>;
  /**
   * A second user through the real sign-up, with the code the operator's outbox printed; returns an
   * API client logged in as them.
   */
  signUp(email: string, password: string, firstName: string): Promise<HestiaClient>;
  /**
   * A browser context in `language` (saved as the app's setting before the first page loads), on a
   * phone viewport, Persian in dark and English in light unless `options` say otherwise.
   */
  newContext(language: 'en' | 'fa' | 'ar' | 'tr', options?: BrowserContextOptions): Promise<BrowserContext>;
  /**
   * Log in on the login screen by password (the demo user unless told) and wait for the tab bar.
   * The offer to save the login comes up after a password login: declined, unless
   * `keepSaveLoginOffer`. Browser errors of the page are printed, to explain a failure.
   */
  logIn(
    page: Page,
    opts?: { email?: string; password?: string; keepSaveLoginOffer?: boolean },
  ): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Chromium as every e2e browser runs, plus `extraArgs` (the voice tests' fake microphone, whose
 * capture file is fixed per launch).
 */
export function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/** The whole product as `npm start` runs it (built web app, demo home, simulated devices), on free ports. */
export async function startE2e(env: Record<string, string> = {}): Promise<E2eStack> {
  mkdirSync(artifacts, { recursive: true });
  const outbox: string[] = [];
  // Everything the server logs while the browser drives it, checked for personal data at the end.
  const logged: string[] = [];
  const server = await createServer(
    loadConfig({
      PORT: '0',
      MQTT_PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'info',
      // A private build of the web app, so a rebuild of apps/web/dist elsewhere cannot pull pages away mid-run.
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
      ...env,
    }),
    { outboxWrite: (line) => outbox.push(line), logStream: { write: (line: string) => logged.push(line) } },
  );
  const devices = await new DeviceRepository(server.database.db).simulated();
  const fleet = await startFleet({
    url: server.mqttUrl,
    mode: 'tb',
    devices: devices.map((d) => ({ id: d.id, accessToken: d.accessToken, profileId: d.profileId })),
  });
  const browser = await launchChromium();
  return {
    server,
    outbox,
    fleet,
    browser,
    async addDevice(profileId, name, assetId) {
      const db = server.database.db;
      const owner = await new UserRepository(db).findByUsername(DEMO_EMAIL);
      if (!owner) throw new Error('the demo user is missing');
      const place = devices[0]?.assetId;
      const row = await new DeviceRepository(db).create({
        ownerId: owner.id,
        assetId: assetId ?? place ?? null,
        name,
        label: name,
        profileId,
        accessToken: newAccessToken(),
        simulated: true,
      });
      await fleet.add({ id: row.id, accessToken: row.accessToken, profileId });
      return row.id;
    },
    deviceOf(profileId) {
      const found = [...fleet.devices.values()].find((d) => d.spec.profileId === profileId);
      if (!found) throw new Error(`no simulated ${profileId}`);
      return found.spec.id;
    },
    async demoClient() {
      let token: string | undefined;
      const client = new HestiaClient({ baseUrl: server.url, getToken: () => token });
      token = (await client.login(DEMO_EMAIL, DEMO_PASSWORD)).token;
      return client;
    },
    async signUp(email, password, firstName) {
      const anon = new HestiaClient({ baseUrl: server.url });
      await anon.call('register', { body: { username: email, password, firstName } });
      const sent = () => outbox.find((l) => l.includes(email) && /\b\d{6}\b/.test(l));
      await expect.poll(sent, { timeout: 5000 }).toBeTruthy();
      const code = /\b(\d{6})\b/.exec(sent() ?? '')?.[1] as string;
      await anon.call('registerFinalize', { body: { username: email, code } });
      let token: string | undefined;
      const client = new HestiaClient({ baseUrl: server.url, getToken: () => token });
      token = (await client.login(email, password)).token;
      return client;
    },
    async newContext(language, options = {}) {
      const context = await browser.newContext({
        viewport: PHONE,
        deviceScaleFactor: 2,
        colorScheme: language === 'fa' || language === 'ar' ? 'dark' : 'light',
        ...options,
      });
      await context.addInitScript((lng) => {
        if (!localStorage.getItem('app-setting-store'))
          localStorage.setItem(
            'app-setting-store',
            JSON.stringify({ state: { selectedLanguage: lng }, version: 1 }),
          );
      }, language);
      return context;
    },
    async logIn(page, { email = DEMO_EMAIL, password = DEMO_PASSWORD, keepSaveLoginOffer = false } = {}) {
      page.on('pageerror', (err) => console.error('page error:', err.message));
      await page.goto(server.url);
      await page.getByTestId('login-email').fill(email);
      await page.getByTestId('login-password').fill(password);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('bottom-tab-bar').waitFor();
      if (keepSaveLoginOffer) return;
      const sheet = page.getByTestId('save-login-sheet');
      await sheet.waitFor({ timeout: 15_000 }).catch(() => undefined);
      if (await sheet.isVisible()) await page.getByTestId('save-login-not-now').click();
      await sheet.waitFor({ state: 'hidden' });
    },
    stop: async () => {
      await browser.close();
      await fleet.stop();
      await server.close();
      // The request log writes a line per request at this level: an empty log would check nothing.
      if (logged.length === 0)
        throw new Error('The server logged nothing: the personal-data check would be empty');
      const leaks = personalDataIn(logged, [DEMO_PASSWORD, ...devices.map((d) => d.accessToken)]);
      if (leaks.length > 0)
        throw new Error(`The server logged personal data or secrets:\n${leaks.join('\n')}`);
    },
  };
}
