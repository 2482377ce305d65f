import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../axe.ts';
import { artifacts, type E2eStack, startE2e } from '../stack.ts';

/**
 * Issue 16: the design system's Switch, Select, TextField and Dialog as a person meets them, in English
 * and Persian, light and dark: a switch is a named switch with its state, a dialog takes the focus,
 * closes with Escape and gives the focus back, a text field is labelled, a select is picked by its
 * options and shows them in the language's digits; axe finds nothing serious. Screenshots of each go to
 * UI_KIT_SHOTS (default artifacts/e2e/ui-kit), to compare by eye before and after a change of the kit.
 */
let stack: E2eStack;
let switchId: string;
const TAB = '/bottom-tab-bar-navigator';
const shots = resolve(process.env.UI_KIT_SHOTS ?? `${artifacts}/ui-kit`);

beforeAll(async () => {
  stack = await startE2e();
  switchId = stack.deviceOf('switch-two-pole');
  mkdirSync(shots, { recursive: true });
});
afterAll(() => stack?.stop());

// English light and Persian dark by default; all four with UI_KIT_ALL=1 (for the screenshots).
const VARIANTS = (
  [
    ['en', 'light'],
    ['fa', 'dark'],
    ['en', 'dark'],
    ['fa', 'light'],
  ] as const
).slice(0, process.env.UI_KIT_ALL === '1' ? 4 : 2);

describe('the ui kit (Switch, Select, TextField, Dialog), in Chromium on a phone', () => {
  it.concurrent.for(VARIANTS)(
    'works and reads right in %s, %s',
    { timeout: 120_000 },
    async ([lang, colorScheme], { expect }) => {
      const context = await stack.newContext(lang, { colorScheme });
      const page = await context.newPage();
      const shot = (name: string) =>
        page
          .waitForTimeout(300)
          .then(() => page.screenshot({ path: `${shots}/${name}-${lang}-${colorScheme}.png` }));
      const found: string[] = [];
      const check = async (screen: string) =>
        found.push(...(await axeViolations(page, `${screen} ${lang} ${colorScheme}`)));
      await stack.logIn(page);

      // Switch: the device's reconfiguration switch is a named switch that says its state.
      await page.goto(`${stack.server.url}${TAB}/device-setting/${switchId}`);
      const toggle = page.getByTestId('reconfiguration-switch');
      await toggle.waitFor();
      expect(await page.getByRole('switch').count()).toBeGreaterThan(0);
      const before = await toggle.getAttribute('aria-checked');
      expect(before === 'true' || before === 'false').toBe(true);
      const flipped = before === 'true' ? 'false' : 'true';
      await toggle.scrollIntoViewIfNeeded();
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-checked'), { timeout: 10_000 }).toBe(flipped);
      expect(await toggle.isChecked()).toBe(flipped === 'true');
      await shot('device-setting');
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-checked'), { timeout: 10_000 }).toBe(before);
      await check('device setting');

      // Dialog with a TextField: the rename dialog is a named dialog that holds the focus, its field is
      // labelled; Escape closes it and the focus goes back to the row that opened it.
      const opener = page.getByTestId('rename-device');
      await opener.click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await dialog.getAttribute('aria-labelledby')).toBeTruthy();
      const input = page.getByTestId('rename-input');
      expect(await input.getAttribute('id')).toBeTruthy();
      const label = await page.locator(`label[for="${await input.getAttribute('id')}"]`).textContent();
      expect(label?.trim().length).toBeGreaterThan(0);
      await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await input.fill('');
      expect(await page.getByTestId('rename-save').isDisabled()).toBe(true);
      await input.fill(lang === 'fa' ? 'کلید نشیمن' : 'Living room switch');
      await shot('rename-dialog');
      await check('rename dialog');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(() => opener.evaluate((el) => el.contains(document.activeElement))).toBe(true);

      // Dialog: the delete confirmation, closed by its cancel button.
      await page.getByTestId('delete-device').click();
      const confirm = page.getByTestId('confirm-dialog');
      await confirm.waitFor();
      await shot('confirm-dialog');
      await check('confirm dialog');
      await confirm.getByRole('button', { name: lang === 'fa' ? 'انصراف' : 'Cancel' }).click();
      await confirm.waitFor({ state: 'hidden' });

      // Select: the timer's hours, picked by option; its options are in the language's digits.
      await page.goto(`${stack.server.url}${TAB}/set-device-timer/${switchId}`);
      const hours = page.getByTestId('timer-hours');
      await hours.waitFor({ state: 'attached' });
      const optionTexts = await hours.locator('option').allTextContents();
      expect(optionTexts.some((o) => (lang === 'fa' ? /[۰-۹]/ : /[0-9]/).test(o))).toBe(true);
      await hours.selectOption('2');
      await expect.poll(() => hours.inputValue()).toBe('2');
      await shot('timer');
      await check('timer');
      // As a person picks: the button named by the field's label opens the options, one is pressed.
      const hoursLabel = lang === 'fa' ? 'ساعت' : 'Hours';
      await page.getByRole('button', { name: hoursLabel }).click();
      const three = page.getByRole('option', { name: lang === 'fa' ? '۳' : '3', exact: true });
      await three.waitFor();
      await shot('timer-select-open');
      await check('timer select open');
      await three.click();
      await expect.poll(() => hours.inputValue()).toBe('3');

      await context.close();
      expect(found, found.join('\n\n')).toEqual([]);
    },
  );

  it('a Stepper writes typed digits in the language’s digits and keeps the value (fa: Latin typed, Persian shown)', async () => {
    const context = await stack.newContext('fa');
    const page = await context.newPage();
    await stack.logIn(page);
    await page.getByTestId('tab-automation').click();
    await page.getByTestId('automation-add').click();
    await page.getByTestId('new-scenario').click();
    await page.getByTestId('add-command').click();
    await page.locator(`[data-testid="device-option"][data-device-id="${switchId}"]`).click();
    await page.locator('[data-testid="param-option"][data-key="relay_1"]').click();
    const seconds = page.getByTestId('delay-seconds');
    expect(await seconds.inputValue()).toBe('۰');
    await seconds.click();
    await seconds.press('Control+a');
    await seconds.pressSequentially('35');
    expect(await seconds.inputValue()).toBe('۳۵');
    await page.getByTestId('delay-minutes').click();
    await expect.poll(() => seconds.inputValue()).toBe('۳۵');
    // Clamped to the field's limit (59) when left, still in Persian digits; then the arrow key steps it.
    await seconds.fill('99');
    await page.getByTestId('delay-minutes').click();
    await expect.poll(() => seconds.inputValue()).toBe('۵۹');
    await seconds.press('ArrowDown');
    await expect.poll(() => seconds.inputValue()).toBe('۵۸');
    await context.close();
  }, 60_000);
});
