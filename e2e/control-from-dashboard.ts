import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { api, id, sim, stack } from './control.ts';
import { artifacts, DEMO_EMAIL, DEMO_PASSWORD } from './stack.ts';

/**
 * The switch, plug and curtain specs (issue 7, part A) drive the control screen the way a user
 * reaches it, from the device's card on the dashboard, and make faults through the simulator's RPC.
 */

export const simNum = (name: string, key: string) => Number(sim(name, key) ?? Number.NaN);

export async function logIn(page: Page, email = DEMO_EMAIL, password = DEMO_PASSWORD): Promise<void> {
  await stack.logIn(page, { email, password });
  await page.getByTestId('device-card').first().waitFor();
}

/** From the dashboard, the way a user goes: tap the device's card. */
export async function open(page: Page, name: string, controllable = true): Promise<void> {
  if (await page.getByTestId('screen-control').count()) await page.getByTestId('back').click();
  await page.getByTestId('tab-dashboard').click();
  const card = page.locator(`[data-testid="device-card"][data-device-id="${id(name)}"]`);
  await card.getByTestId('device-open').click();
  await page.getByTestId('screen-control').waitFor();
  if (!controllable) {
    await expect
      .poll(() => page.getByTestId('control-connection').getAttribute('data-state'), { timeout: 10_000 })
      .toBe('online');
    return;
  }
  await expect
    .poll(() => page.getByTestId('control-body').getAttribute('data-enabled'), { timeout: 10_000 })
    .toBe('true');
}

/** The whole screen, or (with an open dialog) what the phone shows. */
export async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.waitForTimeout(400); // transitions and toasts settle before the picture
  await page.screenshot({ path: `${artifacts}/control-${name}.png`, fullPage });
}

export const pressed = (page: Page, testId: string) => page.getByTestId(testId).getAttribute('aria-pressed');
export const shown = (page: Page, testId: string) => page.getByTestId(testId).textContent();

export async function raise(name: string, code: string): Promise<void> {
  const res = await api.twowayRpc(id(name), { method: 'simulate.raiseError', params: { code } });
  expect(res.result).toBe('OK');
}
export async function clear(name: string): Promise<void> {
  await api.twowayRpc(id(name), { method: 'simulate.clearErrors' });
}
