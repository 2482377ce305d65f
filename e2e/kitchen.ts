import { errorMessage } from '@hestia/catalog';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { api, id } from './control.ts';
import { simNum } from './control-from-dashboard.ts';

/**
 * What the kitchen and laundry specs (issue 19) share: the simulator's test methods (its clock's
 * speed, its door), a recorder of the phases a screen shows, pickers and the refusal toast.
 */

export async function rpc(name: string, method: string, params: Record<string, unknown>): Promise<void> {
  const res = await api.twowayRpc(id(name), { method, params });
  expect(res.result, `${method} ${JSON.stringify(params)}`).toBe('OK');
}
export const speed = (name: string, factor: number) => rpc(name, 'simulate.speed', { factor });
export const door = (name: string, open: boolean) =>
  rpc(name, 'simulate.set', { key: 'door', value: open ? 1 : 0 });

/** Records every `data-phase` the element takes from now on, in the page, so no step is missed. */
export async function recordPhases(page: Page, testId: string): Promise<() => Promise<number[]>> {
  await page.getByTestId(testId).evaluate((el) => {
    const seen: number[] = [Number(el.getAttribute('data-phase'))];
    (window as unknown as { phases: number[] }).phases = seen;
    new MutationObserver(() => {
      const v = Number(el.getAttribute('data-phase'));
      if (seen.at(-1) !== v) seen.push(v);
    }).observe(el, { attributes: true, attributeFilter: ['data-phase'] });
  });
  return () => page.evaluate(() => (window as unknown as { phases: number[] }).phases);
}

/** Switch a machine on from its screen (a retried test finds it on already). */
export async function powerOn(page: Page, name: string): Promise<void> {
  if (simNum(name, 'onoff') !== 1) await page.getByTestId('toggle-onoff').click();
  await expect.poll(() => simNum(name, 'onoff'), { timeout: 5000 }).toBe(1);
}

export async function pick(page: Page, row: string, value: number): Promise<void> {
  await page.getByTestId(row).click();
  await page.getByTestId(`${row}-options`).locator(`[data-value="${value}"]`).click();
  await page.getByTestId(`${row}-picker`).waitFor({ state: 'hidden' });
}

/** The refusal toast: the catalogue's message for `code`, nothing sent. */
export async function refused(page: Page, code: string): Promise<void> {
  await page.getByText(errorMessage(code, 'en')).first().waitFor({ timeout: 5000 });
}
