import { getProfile } from '@hestia/catalog';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, type ExpectStatic, it } from 'vitest';
import { axeViolations } from '../axe.ts';
import { type E2eStack, startE2e } from '../stack.ts';

/**
 * Issue 16: axe finds no serious or critical violation on the main screens, in English (light) and
 * Persian (dark, right to left). Every screen of a language is checked before the test fails, so one
 * run lists every violation, each with its screen, rule and elements.
 */
let stack: E2eStack;
const TAB = '/bottom-tab-bar-navigator';

beforeAll(async () => {
  stack = await startE2e();
});
afterAll(() => stack?.stop());

/** The control screen of the demo home's device of this model, waited for until its controls work. */
async function openControl(page: Page, profileId: string, expect: ExpectStatic): Promise<void> {
  const route = getProfile(profileId)?.route.name;
  await page.goto(`${stack.server.url}${TAB}/${route}/${stack.deviceOf(profileId)}`);
  await expect
    .poll(() => page.getByTestId('control-body').getAttribute('data-enabled'), { timeout: 10_000 })
    .toBe('true');
}

describe('accessibility (axe), in Chromium on a phone', () => {
  // The two languages run side by side, each in its own browser context (concurrent tests take
  // `expect` from their context), which nearly halves the time.
  it.concurrent.for(['en', 'fa'] as const)(
    'no serious or critical violation on the main screens (%s)',
    // Side by side, each language takes longer than alone on a two-core machine.
    { timeout: 120_000 },
    async (lang, { expect }) => {
      const context = await stack.newContext(lang);
      const page = await context.newPage();
      const found: string[] = [];
      const check = async (screen: string) => found.push(...(await axeViolations(page, `${screen} ${lang}`)));
      const open = async (path: string, testId: string) => {
        await page.goto(`${stack.server.url}${path}`);
        await page.getByTestId(testId).waitFor();
      };

      await open('/', 'login-email');
      await check('login');
      await open('/signup', 'screen-signup');
      await check('sign-up');

      await stack.logIn(page);
      await page.getByTestId('device-card').first().waitFor();
      await check('dashboard');

      await openControl(page, 'switch-two-pole', expect);
      await check('switch control');
      await openControl(page, 'plug-metering', expect);
      await check('plug control');
      await openControl(page, 'curtain-single', expect);
      await check('curtain control');

      await open(`${TAB}/device-setting/${stack.deviceOf('switch-two-pole')}`, 'screen-device-setting');
      await check('device settings');

      await open(`${TAB}/dashboard`, 'bottom-tab-bar');
      await page.getByTestId('tab-automation').click();
      await page.getByTestId('screen-automation').waitFor();
      await check('automation tab');

      await open(`${TAB}/device-reports/${stack.deviceOf('plug-metering')}`, 'screen-device-reports');
      await page.getByTestId('history-chart').waitFor();
      await check('reports and charts');

      await open(`${TAB}/setting`, 'to-security');
      await check('settings');
      await page.getByTestId('to-security').click();
      await page.getByTestId('screen-security').waitFor();
      await check('security');

      await open(`${TAB}/profile`, 'screen-profile');
      await check('profile');

      await context.close();
      if (found.length > 0) console.error(`axe, ${lang}:\n${found.join('\n')}`);
      expect(found, `axe found serious or critical violations in ${lang}:\n${found.join('\n')}`).toEqual([]);
    },
  );
});
