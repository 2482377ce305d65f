import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ar from '../../apps/web/src/locales/device-choose/ar.json';
import en from '../../apps/web/src/locales/device-choose/en.json';
import fa from '../../apps/web/src/locales/device-choose/fa.json';
import tr from '../../apps/web/src/locales/device-choose/tr.json';
import { axeViolations } from '../axe.ts';
import { artifacts, DEMO_EMAIL, DEMO_PASSWORD, type E2eStack, PHONE, startE2e } from '../stack.ts';

/**
 * Issue 18, choosing the device to add: by category, by brand, by a QR code's picture or the camera
 * (Chromium's fake camera filming a code), and by a `pid/{profileId}` link opened logged out; each ends
 * on the pairing flow's first screen (selectAutoOrManualConfig) with the chosen model's profile id.
 */
let stack: E2eStack;
const contexts: BrowserContext[] = [];
const TEXTS = { en, fa, ar, tr } as const;
type Lang = keyof typeof TEXTS;

beforeAll(async () => {
  stack = await startE2e();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await stack?.stop();
});

/** Serious and critical axe findings on every screen photographed; none may be left at the end. */
const violations: string[] = [];
/** What the page's Content-Security-Policy refused (the QR reader compiles WebAssembly): none. */
const refused: string[] = [];

function watchPolicy(page: Page): void {
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });
}

async function shot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(350); // the slide-in settles before the picture
  await page.screenshot({ path: `${artifacts}/device-choose-${name}.png` });
  violations.push(...(await axeViolations(page, name)));
}

async function openApp(lang: Lang, colorScheme?: 'light' | 'dark'): Promise<Page> {
  const context = await stack.newContext(lang, colorScheme ? { colorScheme } : {});
  contexts.push(context);
  const page = await context.newPage();
  watchPolicy(page);
  await stack.logIn(page);
  return page;
}

/** From the dashboard's general-add screen, as a user comes: Add device → selectDeviceConfigMode. */
async function startAdding(page: Page): Promise<void> {
  await page.goto(`${stack.server.url}/bottom-tab-bar-navigator/general-add`);
  await page.getByTestId('add-device').click();
  await page.getByTestId('screen-select-config-mode').waitFor();
}

/** The pairing flow's first screen, for this model. */
async function expectPairingFor(page: Page, profileId: string): Promise<void> {
  await page.getByTestId('screen-auto-or-manual').waitFor();
  const url = new URL(page.url());
  expect(url.pathname).toBe('/bottom-tab-bar-navigator/selectAutoOrManualConfig');
  expect(url.searchParams.get('profileId')).toBe(profileId);
}

/** A PNG of a QR code holding `text`, as a phone's photo or a screenshot of a label would be. */
const qrPng = (text: string) => QRCode.toBuffer(text, { width: 480, margin: 4 });

async function upload(page: Page, name: string, text: string): Promise<void> {
  await page
    .getByTestId('qr-upload')
    .setInputFiles({ name, mimeType: 'image/png', buffer: await qrPng(text) });
}

/**
 * A camera's picture of a QR code holding `text`: one 640×480 frame in Y4M (4:2:0), the format
 * Chromium's fake camera plays in a loop, the code black on white in the middle.
 */
function cameraFrame(text: string): Buffer {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const [w, h, scale, size] = [640, 480, 10, qr.modules.size];
  const luma = Buffer.alloc(w * h, 235);
  const [x0, y0] = [(w - size * scale) / 2, (h - size * scale) / 2];
  for (let y = 0; y < size * scale; y++)
    for (let x = 0; x < size * scale; x++)
      if (qr.modules.get(Math.floor(y / scale), Math.floor(x / scale))) luma[(y0 + y) * w + x0 + x] = 16;
  const chroma = Buffer.alloc((w / 2) * (h / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${w} H${h} F15:1 Ip A1:1 C420jpeg\nFRAME\n`);
  return Buffer.concat([header, luma, chroma]);
}

describe('choosing the device to add, in Chromium', () => {
  it.each(['en', 'fa'] as const)('by category, by brand and by a QR picture (%s)', async (lang) => {
    const t = TEXTS[lang].deviceChoose;
    const page = await openApp(lang);
    const failures: string[] = [];
    page.on('requestfailed', (r) => failures.push(r.url()));
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dir))
      .toBe(lang === 'fa' ? 'rtl' : 'ltr');

    // By category: plugs → the basic plug.
    await startAdding(page);
    await expect(page.getByTestId('mode-qr').textContent()).resolves.toContain(t.mode.qr);
    await shot(page, `01-mode-${lang}`);
    await page.getByTestId('mode-list').click();
    await page.getByTestId('screen-device-categories').waitFor();
    await page.locator('[data-testid="category-row"][data-category-id="plug"]').waitFor();
    expect(await page.getByTestId('category-row').count()).toBeGreaterThan(20);
    await shot(page, `02-categories-${lang}`);
    await page.locator('[data-testid="category-row"][data-category-id="plug"]').click();
    await page.getByTestId('screen-category-models').waitFor();
    // The search narrows the plugs to the 16 A one; digits typed in Persian read as the label's Latin ones.
    await page.getByTestId('model-search').fill(lang === 'fa' ? '۱۶' : '16');
    await expect.poll(() => page.getByTestId('model-row').count()).toBe(1);
    await expect(page.getByTestId('model-row').getAttribute('data-profile-id')).resolves.toBe('plug-16a');
    await page.getByTestId('model-search').fill('');
    await shot(page, `03-plug-models-${lang}`);
    await page.locator('[data-testid="model-row"][data-profile-id="plug-basic"]').click();
    await expectPairingFor(page, 'plug-basic');

    // By brand: Aria → its 90 cm built-in oven. Hestia's own brand comes first.
    await startAdding(page);
    await page.getByTestId('mode-brand').click();
    await page.getByTestId('screen-device-brands').waitFor();
    await expect(page.getByTestId('brand-row').first().getAttribute('data-brand-id')).resolves.toBe(
      'generic',
    );
    await shot(page, `04-brands-${lang}`);
    await page.locator('[data-testid="brand-row"][data-brand-id="aria"]').click();
    await page.getByTestId('screen-brand-models').waitFor();
    await page.locator('[data-testid="model-row"][data-profile-id="oven-built-in-aria-90cm"]').click();
    await expectPairingFor(page, 'oven-built-in-aria-90cm');

    // By QR code: headless Chromium has no camera, which the screen says; a picture is uploaded instead.
    await startAdding(page);
    await page.getByTestId('mode-qr').click();
    await page.getByTestId('screen-qr-code').waitFor();
    expect([t.qr.noCamera, t.qr.denied]).toContain(await page.getByTestId('qr-camera-problem').textContent());
    await shot(page, `05-qr-${lang}`);

    // A code that is not ours is refused in words, with a retry.
    await upload(page, 'wifi.png', 'WIFI:S:Home-WiFi;T:WPA;P:not-a-device;;');
    await expect(page.getByTestId('qr-refusal').textContent()).resolves.toBe(t.qr.notHestia);
    await shot(page, `06-qr-not-hestia-${lang}`);
    await page.getByTestId('qr-retry').click();
    await page.getByTestId('qr-refusal').waitFor({ state: 'detached' });

    // A well-formed code naming a model this app does not have.
    await upload(page, 'unknown.png', 'https://qr.example.org/pid/toaster-9000');
    await expect(page.getByTestId('qr-refusal').textContent()).resolves.toBe(t.qr.unknownModel);

    // A device's own code, behind any host: the pairing flow for that model.
    await upload(page, 'label.png', 'https://config.somewhere.example/pid/switch-two-pole');
    await expectPairingFor(page, 'switch-two-pole');

    // The reader's WebAssembly came from the app itself, never from a CDN.
    const wasm = failures.filter((u) => u.endsWith('.wasm'));
    expect(wasm).toEqual([]);
  });

  it('reads a {factory}/{model} code (QR screen in English dark); an unknown category or brand says so', async () => {
    const page = await openApp('en', 'dark');
    const wasm: string[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('.wasm'))
        wasm.push(`${new URL(r.url()).origin} ${r.headers()['content-encoding']}`);
    });
    await page.goto(`${stack.server.url}/bottom-tab-bar-navigator/configDeviceQrCode`);
    await page.getByTestId('screen-qr-code').waitFor();
    await page.getByTestId('qr-camera-problem').waitFor();
    await shot(page, '07-qr-en-dark');
    await upload(page, 'artel.png', 'https://qr.example/artel/80l');
    await expectPairingFor(page, 'water-heater-artel-80l');
    // From the app's own server, compressed at build time (decision 023), never from zxing-wasm's CDN.
    // A category or brand that does not exist says so.
    await page.goto(`${stack.server.url}/bottom-tab-bar-navigator/configBaseDeviceType/toasters`);
    await page.getByText(en.deviceChoose.models.unknownCategory).waitFor();
    await page.goto(`${stack.server.url}/bottom-tab-bar-navigator/configBaseDeviceBrand/acme`);
    await page.getByText(en.deviceChoose.brands.unknown).waitFor();
    expect(wasm).toHaveLength(1);
    expect([`${stack.server.url} br`, `${stack.server.url} gzip`]).toContain(wasm[0]);
  });

  it.each(['en', 'fa'] as const)(
    'opens a pid link logged out: login, then the pairing flow (%s)',
    async (lang) => {
      const context = await stack.newContext(lang);
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(`${stack.server.url}/pid/plug-mini`);
      await page.getByTestId('login-email').fill(DEMO_EMAIL);
      await page.getByTestId('login-password').fill(DEMO_PASSWORD);
      await page.getByTestId('login-submit').click();
      await expectPairingFor(page, 'plug-mini');

      // An unknown model says so instead of a blank page; the same for a factory link.
      await page.goto(`${stack.server.url}/pid/toaster-9000`);
      await page.getByTestId('unknown-device-link').waitFor();
      await expect(page.getByTestId('unknown-device-link').textContent()).resolves.toContain(
        TEXTS[lang].deviceChoose.link.unknown,
      );
      await shot(page, `08-unknown-link-${lang}`);
      await page.goto(`${stack.server.url}/hestia/plug-16a`);
      await expectPairingFor(page, 'plug-16a');
      // An address that is no factory's stays the not-found screen.
      await page.goto(`${stack.server.url}/acme/plug-16a`);
      await page.getByTestId('screen-not-found').waitFor();
    },
  );

  it('scans a QR code with the camera, and says so when the camera is refused', async () => {
    const video = join(tmpdir(), `hestia-qr-${process.pid}.y4m`);
    writeFileSync(video, cameraFrame('https://hub.example/pid/curtain-double'));
    // A browser of its own: one whose camera films that code.
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const open = async (permissions: string[]) => {
        const context = await browser.newContext({ viewport: PHONE, permissions });
        await context.addInitScript(() =>
          localStorage.setItem(
            'app-setting-store',
            JSON.stringify({ state: { selectedLanguage: 'en' }, version: 1 }),
          ),
        );
        const page = await context.newPage();
        watchPolicy(page);
        await stack.logIn(page);
        await page.goto(`${stack.server.url}/bottom-tab-bar-navigator/configDeviceQrCode`);
        return page;
      };
      const allowed = await open(['camera']);
      await expectPairingFor(allowed, 'curtain-double');

      const refused = await open([]);
      await expect(refused.getByTestId('qr-camera-problem').textContent()).resolves.toBe(
        en.deviceChoose.qr.denied,
      );
    } finally {
      await browser.close();
      rmSync(video, { force: true });
    }
  });

  it('leaves no serious or critical accessibility finding, nor anything the page policy refused', () => {
    expect(violations.join('\n')).toBe('');
    expect(refused).toEqual([]);
  });
});
