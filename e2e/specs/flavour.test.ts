import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shot, TAB } from '../control-by-route.ts';
import { type E2eStack, startE2e } from '../stack.ts';

/**
 * Issue 25, white-label flavour (decision 042), in the browser: the app built with
 * VITE_FLAVOUR=aurora sends the company header on every call to the API, and shows the company the
 * server names for it (name, accent colours, support contact) in every language.
 */
const web = resolve(import.meta.dirname, '../../apps/web');
let dist = '';
let stack: E2eStack;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'hestia-flavour-'));
  // The flavour is a build of its own: Vite reads VITE_FLAVOUR from the environment at build time.
  execFileSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: web,
    env: { ...process.env, VITE_FLAVOUR: 'aurora' },
    // Quiet unless it fails: execFileSync's error then carries what the build printed.
    stdio: 'pipe',
  });
  execFileSync('node', ['scripts/precompress.mjs', dist], { cwd: web, stdio: 'ignore' });
  stack = await startE2e({ WEB_DIST: dist });
}, 180_000);
afterAll(async () => {
  await stack?.stop();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

const accent = (page: import('playwright-core').Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--hx-accent').trim());

describe('the aurora flavour', () => {
  it('sends x-company on every API call and shows Aurora Living, its colours and its support contact', async () => {
    const context = await stack.newContext('en', { colorScheme: 'light' });
    const page = await context.newPage();
    const calls: Array<{ url: string; company: string | undefined }> = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/v1/'))
        calls.push({ url: r.url(), company: r.headers()['x-company'] });
    });
    await page.goto(stack.server.url);
    await page.getByTestId('login-email').waitFor();
    await expect.poll(() => page.getByText('Aurora Living').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => accent(page)).toBe('#e0862d');
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#e0862d');
    // The page, the installed app and its icon say the company before any script runs (the build).
    expect(await page.title()).toMatch(/Aurora Living/);
    expect(await page.title()).not.toMatch(/Hestia/);
    const manifest = await (await fetch(`${stack.server.url}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({
      name: 'Aurora Living',
      short_name: 'Aurora Living',
      theme_color: '#e0862d',
    });
    const icon = await (await fetch(`${stack.server.url}/favicon.svg`)).text();
    expect(icon).toContain('<title>Aurora Living</title>');
    expect(icon).not.toMatch(/#3DD3E6|#0FA3BA/i);
    const boot = await (await fetch(stack.server.url)).text();
    expect(boot).toContain('<span>Aurora Living</span>');
    expect(boot).not.toMatch(/Hestia|#1fbcd2/i);
    await stack.logIn(page);
    await page.goto(`${stack.server.url}${TAB}/about`);
    await page.getByText('help@aurora-living.example').waitFor();
    await shot(page, 'flavour-about-en');
    expect(calls.length).toBeGreaterThan(3);
    for (const call of calls) expect(call, call.url).toMatchObject({ company: 'aurora' });
    await context.close();
  });

  it('keeps the company in Persian (right to left, dark), also for texts loaded after the start', async () => {
    const context = await stack.newContext('fa');
    const page = await context.newPage();
    await page.goto(stack.server.url);
    await page.getByTestId('login-email').waitFor();
    await expect.poll(() => page.getByText('Aurora Living').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // Dark surfaces read the accent itself as the accent text.
    await expect
      .poll(() =>
        page.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--hx-accent-text').trim(),
        ),
      )
      .toBe('#e0862d');
    await stack.logIn(page);
    await page.goto(`${stack.server.url}${TAB}/about`);
    await page.getByText('help@aurora-living.example').waitFor();
    expect(await page.getByText('Aurora Living').count()).toBeGreaterThan(0);
    await shot(page, 'flavour-about-fa');
    await context.close();
  });
});
