import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { DEMO_EMAIL, DEMO_PASSWORD, DeviceRepository } from '@hestia/server';
import { startFleet } from '@hestia/simulator';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { startBenchServer } from './setup.ts';

/** The browser as the e2e suite starts it (e2e/stack.ts): Debian's Chromium, headless, never calling home. */
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Issue 16's targets, and Lighthouse's own "good" marks for the figures the issue names no target for. */
const TARGET = {
  initialGzipKB: 150,
  performance: 95,
  accessibility: 95,
  bestPractices: 90,
  fcpMs: 1800,
  lcpMs: 2500,
  tbtMs: 200,
  cls: 0.1,
};

const mark = (ok: boolean) => (ok ? 'PASS' : 'MISS');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The web app's first load on a phone (issue 16): the initial JavaScript of the build, then Lighthouse
 * (mobile: emulated phone, simulated slow 4G and CPU slowdown) on the login page and on the dashboard
 * after login, against the demo home on this machine. Measures the build in apps/web/dist, or WEB_DIST.
 */
export async function webBench(): Promise<void> {
  const dist = resolve(process.env.WEB_DIST ?? resolve(import.meta.dirname, '../../apps/web/dist'));
  if (!existsSync(resolve(dist, 'index.html'))) {
    console.error(
      `web: no built web app in ${dist}. Build it first: \`npm run build\` (or \`cd apps/web && npx vite build ` +
        '--outDir DIR && node scripts/precompress.mjs DIR`, then WEB_DIST=DIR npm run bench -- web).',
    );
    process.exit(1);
  }
  console.log(`web: the build in ${dist}`);
  // Lighthouse's blocking time is the page's own main-thread tasks (scaled for a phone): on a busy
  // machine they run longer, so the figures of two builds compare only at a like load.
  const [load1] = loadavg();
  console.log(`  machine load: ${(load1 ?? 0).toFixed(1)} over ${cpus().length} cores (1-minute average)`);
  printInitialJs(dist);

  const server = await startBenchServer({ DEMO: 'on', WEB_DIST: dist });
  const devices = await new DeviceRepository(server.database.db).simulated();
  const fleet = await startFleet({
    url: server.mqttUrl,
    mode: 'tb',
    devices: devices.map((d) => ({ id: d.id, accessToken: d.accessToken, profileId: d.profileId })),
  });
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const login = await audit(`${server.url}/`, chrome.port, 'login');
    printAudit('login page', login, server.url);

    // The dashboard after login. Lighthouse and Playwright share the one Chromium that chrome-launcher
    // started: Playwright attaches over the DevTools port and logs in with the demo user on the login
    // screen, as a person does, which leaves the app's session in that profile (the access token in
    // localStorage, the refresh token in its HttpOnly cookie). Lighthouse's storage reset before a run
    // clears only the service worker, Cache Storage, file systems and the HTTP cache, never
    // localStorage or cookies, so its cold load of the dashboard address opens logged in, with
    // nothing cached: the same first load a returning user's phone makes after a cache eviction.
    await logIn(chrome.port, server.url);
    const dashboard = await audit(
      `${server.url}/bottom-tab-bar-navigator/dashboard`,
      chrome.port,
      'dashboard',
    );
    if (!dashboard.finalUrl.includes('/dashboard'))
      throw new Error(`Lighthouse did not stay on the dashboard (ended at ${dashboard.finalUrl})`);
    printAudit('dashboard after login', dashboard, server.url);
  } finally {
    await chrome.kill();
    await fleet.stop();
    await server.close();
  }
}

/** The scripts index.html loads and the modules it preloads: what must arrive before the first render. */
function printInitialJs(dist: string): void {
  const html = readFileSync(resolve(dist, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>|<link\b[^>]*>/g) ?? []) {
    const isScript = tag.startsWith('<script');
    if (!isScript && !/\brel="modulepreload"/.test(tag)) continue;
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (url?.startsWith('/')) files.add(url);
  }
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const url of files) {
    const path = resolve(dist, `.${url}`);
    const body = readFileSync(path);
    raw += body.length;
    // What the server sends: the files precompressed at build time, or the same compression made here.
    gzip += existsSync(`${path}.gz`) ? statSync(`${path}.gz`).size : gzipSync(body, { level: 9 }).length;
    brotli += existsSync(`${path}.br`)
      ? statSync(`${path}.br`).size
      : brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  console.log(`  initial JavaScript (${files.size} files: index.html's scripts and modulepreloads)`);
  console.log(`    raw ${kb(raw)}   gzip ${kb(gzip)}   brotli ${kb(brotli)}`);
  console.log(
    `    gzip ≤ ${TARGET.initialGzipKB} KB: ${mark(gzip <= TARGET.initialGzipKB * 1024)} (${kb(gzip)})`,
  );
}

/** Log in with the demo user through the login screen of the Chromium listening on `port`. */
async function logIn(port: number, url: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    const page = await context.newPage();
    await page.goto(url);
    await page.getByTestId('login-email').fill(DEMO_EMAIL);
    await page.getByTestId('login-password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('bottom-tab-bar').waitFor({ timeout: 30_000 });
    // Answer the save-login offer, so it is not pending when the dashboard opens again.
    const sheet = page.getByTestId('save-login-sheet');
    await sheet.waitFor({ timeout: 15_000 }).catch(() => undefined);
    if (await sheet.isVisible()) await page.getByTestId('save-login-not-now').click();
    await page.close();
  } finally {
    // Attached over CDP, close() only disconnects: the Chromium and its profile stay for Lighthouse.
    await browser.close();
  }
}

interface Audit {
  finalUrl: string;
  scores: { performance: number; accessibility: number; bestPractices: number };
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferred: number;
  jsTransferred: number;
  requests: number;
  offMachine: string[];
  failing: string[];
  /** Main-thread time by script (Lighthouse's bootup-time), the costliest first. */
  bootup: { url: string; ms: number }[];
}

/**
 * Lighthouse's whole report of each page (opportunities, diagnostics, the request chain) is written as
 * `{name}.json` into WEB_LHR_DIR when it is set.
 */
async function audit(url: string, port: number, name: string): Promise<Audit> {
  // The default configuration is Lighthouse's mobile run. Nothing in it leaves the machine: no
  // error reporting (off unless asked), no third-party lookups; the SEO category (robots.txt, link
  // checks) and PWA checks are not run.
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  const reportDir = process.env.WEB_LHR_DIR;
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(resolve(reportDir, `${name}.json`), JSON.stringify(lhr, null, 1));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = ((lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items ??
    []) as Array<{ url: string; resourceType?: string; transferSize?: number }>;
  const here = new URL(url).host;
  const failing = ['accessibility', 'best-practices'].flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${id}: ${ref.id} (${lhr.audits[ref.id]?.title ?? ''})`),
  );
  return {
    finalUrl: lhr.finalDisplayedUrl,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
    },
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    transferred: value('total-byte-weight'),
    jsTransferred: requests
      .filter((r) => r.resourceType === 'Script')
      .reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    requests: requests.length,
    offMachine: requests
      .map((r) => r.url)
      .filter((u) => /^(https?|wss?):/.test(u) && new URL(u).host !== here),
    failing,
    bootup: (
      ((lhr.audits['bootup-time']?.details as { items?: unknown[] } | undefined)?.items ?? []) as Array<{
        url: string;
        total: number;
      }>
    )
      .slice(0, 3)
      .map((i) => ({ url: i.url, ms: i.total })),
  };
}

function printAudit(name: string, a: Audit, base: string): void {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const row = (label: string, shown: string, target: string, ok: boolean) =>
    console.log(`    ${label.padEnd(18)} ${shown.padStart(9)}   target ${target.padEnd(9)} ${mark(ok)}`);
  console.log(`  Lighthouse mobile, ${name} (${a.finalUrl.replace(base, '') || '/'})`);
  row(
    'performance',
    String(a.scores.performance),
    `≥ ${TARGET.performance}`,
    a.scores.performance >= TARGET.performance,
  );
  row(
    'accessibility',
    String(a.scores.accessibility),
    `≥ ${TARGET.accessibility}`,
    a.scores.accessibility >= TARGET.accessibility,
  );
  row(
    'best practices',
    String(a.scores.bestPractices),
    `≥ ${TARGET.bestPractices}`,
    a.scores.bestPractices >= TARGET.bestPractices,
  );
  row('first contentful', s(a.fcpMs), `≤ ${s(TARGET.fcpMs)}`, a.fcpMs <= TARGET.fcpMs);
  row('largest contentful', s(a.lcpMs), `≤ ${s(TARGET.lcpMs)}`, a.lcpMs <= TARGET.lcpMs);
  row('total blocking', `${Math.round(a.tbtMs)} ms`, `≤ ${TARGET.tbtMs} ms`, a.tbtMs <= TARGET.tbtMs);
  row('layout shift', a.cls.toFixed(3), `≤ ${TARGET.cls}`, a.cls <= TARGET.cls);
  console.log(
    `    transferred ${kb(a.transferred)} in ${a.requests} requests (JavaScript ${kb(a.jsTransferred)}); ` +
      `requests off this machine: ${a.offMachine.length}`,
  );
  const bootup = a.bootup.map(
    (b) => `${b.url.replace(base, '').split('/').pop() || b.url} ${Math.round(b.ms)} ms`,
  );
  if (bootup.length) console.log(`    main thread by script: ${bootup.join(', ')}`);
  for (const f of a.failing) console.log(`    not passed: ${f}`);
  for (const u of a.offMachine) console.log(`    off this machine: ${u}`);
}
