import { getError } from '@hestia/catalog';
import type { Page } from 'playwright-core';

/** Helpers of the water and refrigeration specs (issue 19). */

/** A catalogue error's text, as the screens must show it. */
export const catalogText = (code: string, lang: 'en' | 'fa' = 'en') =>
  getError(code)?.messages[lang] as string;

/** Open a mode row's picker, pick a value; the picker closes once the device said OK. */
export async function pickMode(page: Page, testId: string, value: number): Promise<void> {
  await page.getByTestId(testId).click();
  const picker = page.getByTestId(`${testId}-picker`);
  await picker.locator(`[data-value="${value}"]`).click();
  await picker.waitFor({ state: 'hidden' });
}
