import type { Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eStack, startE2e } from '../stack.ts';

/**
 * Issue 16, serving and languages: the browser gets the built app compressed and cacheable, loads
 * only the chosen language's texts, and loads another language when it is chosen, without a reload.
 */
let stack: E2eStack;
beforeAll(async () => {
  stack = await startE2e();
}, 60_000);
afterAll(() => stack?.stop());

const LANGUAGE_CHUNK = /\/assets\/(en|fa|ar|tr)-[\w-]+\.js$/;

describe('the web app as served', () => {
  it('arrives compressed, with hashed assets cached for good and the shell revalidated', async () => {
    const context = await stack.newContext('en');
    const page = await context.newPage();
    const responses: Response[] = [];
    page.on('response', (r) => responses.push(r));
    const shell = await page.goto(stack.server.url);
    await page.getByTestId('login-email').waitFor();
    expect(shell?.headers()['cache-control']).toBe('no-cache');
    // The shell paints the brand before any script runs; the first screen replaces it, and that screen
    // appears at once rather than sliding in from transparent (it is the page's largest paint).
    expect(await shell?.text()).toContain('class="hx-boot"');
    await expect.poll(() => page.locator('.hx-boot').count()).toBe(0);
    const entryMotion = () =>
      page
        .locator('main > div')
        .first()
        .evaluate((el) => getComputedStyle(el).animationName);
    expect(await entryMotion()).toBe('none');
    // A screen the user moves to still slides in.
    await page.getByTestId('to-signup').click();
    await page.waitForURL('**/signup');
    // The address changes before the new screen has rendered: wait for it.
    await expect.poll(entryMotion).toBe('hx-slide-side');
    const scripts = responses.filter(
      (r) => new URL(r.url()).pathname.startsWith('/assets/') && r.url().endsWith('.js'),
    );
    expect(scripts.length).toBeGreaterThan(3);
    for (const r of scripts) {
      const headers = await r.allHeaders();
      // Files under 1 KiB are sent as they are (a compressed copy would save less than a packet).
      if (headers['content-encoding'] === undefined)
        expect(Number(headers['content-length']), r.url()).toBeLessThan(1024);
      else expect(headers['content-encoding'], r.url()).toBe('br');
      expect(headers['cache-control'], r.url()).toBe('public, max-age=31536000, immutable');
    }
    await context.close();
  });

  it('runs under its Content-Security-Policy: no inline script, no violation from login to the dashboard', async () => {
    const context = await stack.newContext('fa');
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
    });
    const loaded: string[] = [];
    page.on('response', (r) => loaded.push(new URL(r.url()).pathname));
    const shell = await page.goto(stack.server.url);
    expect(shell?.headers()['content-security-policy']).toMatch(/script-src 'self' 'wasm-unsafe-eval'/);
    // Every script of the page names its file: nothing inline for the policy to refuse.
    const html = (await shell?.text()) ?? '';
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThanOrEqual(2);
    for (const tag of scripts) expect(tag).toMatch(/\bsrc="\/assets\//);
    // The first load's preload script ran: it asked for the saved language's texts ahead of the app.
    expect(loaded.some((p) => /^\/assets\/first-load-[\w-]+\.js$/.test(p))).toBe(true);
    await stack.logIn(page);
    await page.getByTestId('dashboard-summary').waitFor();
    expect(loaded.some((p) => /^\/assets\/fa-[\w-]+\.js$/.test(p))).toBe(true);
    expect(refused).toEqual([]);
    await context.close();
  });

  it.each([
    ['en', 'fa', 'ورود', 'rtl'],
    ['fa', 'tr', 'Giriş', 'ltr'],
  ] as const)(
    'starts in %s with only its texts, then switches to %s without a reload',
    async (from, to, loginWord, dir) => {
      const context = await stack.newContext(from);
      const page = await context.newPage();
      const chunks: string[] = [];
      page.on('response', (r) => {
        const m = LANGUAGE_CHUNK.exec(new URL(r.url()).pathname);
        if (m?.[1]) chunks.push(m[1]);
      });
      await page.goto(stack.server.url);
      await page.getByTestId('login-submit').waitFor();
      expect(chunks).toEqual([from]);

      // A mark on the page's window survives the switch only if the page was not reloaded.
      await page.evaluate(() => Object.assign(window, { hestiaMark: 1 }));
      await page.getByTestId('language-switch').selectOption(to);
      await expect.poll(() => page.getByTestId('login-submit').textContent()).toContain(loginWord);
      expect(
        await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
      ).toEqual([to, dir]);
      expect(chunks).toEqual([from, to]);
      expect(await page.evaluate(() => (window as unknown as { hestiaMark?: number }).hestiaMark)).toBe(1);

      // The choice is kept: the next start fetches the new language alone.
      chunks.length = 0;
      await page.reload();
      await page.getByTestId('login-submit').waitFor();
      expect(await page.getByTestId('login-submit').textContent()).toContain(loginWord);
      expect(chunks.filter((c) => c !== to)).toEqual([]);
      await context.close();
    },
  );
});
