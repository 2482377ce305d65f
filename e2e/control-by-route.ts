import { getError, getProfile } from '@hestia/catalog';
import { tbTopics } from '@hestia/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { device, id, stack } from './control.ts';
import { artifacts } from './stack.ts';

/**
 * The key, sensor, lock, vacuum and device-settings specs (issue 7, part B) open screens by their
 * route, and every live value comes from the simulated device's own telemetry over MQTT.
 */

export const TAB = '/bottom-tab-bar-navigator';

/** The device itself reports values (a press, a door opening), as firmware does over MQTT. */
export const report = (name: string, values: Record<string, number | string>) =>
  device(name).client.publishAsync(tbTopics.telemetry, JSON.stringify(values), { qos: 1 });
/** The simulated device raises a catalogue fault, as `simulate.raiseError` does. */
const raise = (name: string, code: string) => report(name, device(name).sim.raise(code));
const clear = (name: string) => report(name, device(name).sim.clearErrors());
const faultText = (code: string, lang: 'en' | 'fa') => getError(code)?.messages[lang] as string;

export async function logIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await stack.logIn(page, { keepSaveLoginOffer: true });
  await page.getByTestId('device-card').first().waitFor();
  return page;
}

/** The route of the control screen the device's profile names (spec section 2), as a card opens it. */
export const controlUrl = (name: string) =>
  `${stack.server.url}${TAB}/${getProfile(device(name).spec.profileId)?.route.name}/${id(name)}`;

/** The control screen, waited for until its controls are enabled. */
export async function openControl(page: Page, name: string): Promise<void> {
  await page.goto(controlUrl(name));
  await page.getByTestId('control-body').waitFor();
  await expect
    .poll(() => page.getByTestId('control-body').getAttribute('data-enabled'), { timeout: 10_000 })
    .toBe('true');
}

export async function shot(page: Page, file: string): Promise<void> {
  await page.waitForTimeout(350);
  await page.screenshot({ path: `${artifacts}/${file}.png` });
}

/** A raised fault shows its catalogue message; clearing it removes the message. */
export async function faultShows(
  page: Page,
  name: string,
  code: string,
  lang: 'en' | 'fa' = 'en',
): Promise<void> {
  await raise(name, code);
  const message = page.getByText(faultText(code, lang), { exact: false });
  await message.first().waitFor({ timeout: 10_000 });
  await clear(name);
  await expect.poll(() => message.count(), { timeout: 10_000 }).toBe(0);
}
