import { acStateFromCode } from '@hestia/ir';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blasterCode } from '../../apps/server/test/ir-kit.ts';
import { axeViolations } from '../axe.ts';
import { api, id, stack, useControlStack } from '../control.ts';
import { shot, TAB } from '../control-by-route.ts';

/**
 * Issue 23 and decision 049 in Chromium against the real server and a simulated IR blaster: a
 * scenario made in the editor presses the living-room TV remote's Power (picked on
 * irremote-select-button), runs with a tap, and the blaster decodes what it received; its run history
 * names the press. In Persian (RTL, dark), an air conditioner's state as an action, and the learning
 * use of the same screen still asks for a key name.
 */
useControlStack({ blaster: ['ir-remote-universal', 'Living-room blaster'] });

const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});
async function page(lang: 'en' | 'fa'): Promise<Page> {
  const context = await stack.newContext(lang);
  contexts.push(context);
  const p = await context.newPage();
  await stack.logIn(p);
  return p;
}

/** What the blaster last reported receiving (its `code` key), read through the server. */
const reportedCode = () => blasterCode(api, id('blaster'));

/** Visible text without the bidi isolates. */
const textOf = async (locator: { textContent(): Promise<string | null> }) =>
  ((await locator.textContent()) ?? '').replace(/[\u2066-\u2069]/g, '');

let tvId = '';
let acId = '';
beforeAll(async () => {
  const catalogue = (await api.call('remotes', { query: { page_size: 1000 } })).dataList;
  const lg = catalogue.find((r) => r.name === 'LG TV');
  const ac = catalogue.find((r) => r.kind === 'state');
  tvId = (
    await api.call('addCustomerRemote', {
      params: { remoteId: Number(lg?.remoteId) },
      body: { deviceId: id('blaster'), name: 'Living-room TV' },
    })
  ).id;
  acId = (
    await api.call('addCustomerRemote', {
      params: { remoteId: Number(ac?.remoteId) },
      body: { deviceId: id('blaster'), name: 'Bedroom AC' },
    })
  ).id;
});

/** From the automation tab: a new scenario named `name`, at its first action's device (the blaster). */
async function newScenarioAction(p: Page, name: string): Promise<void> {
  await p.getByTestId('tab-automation').click();
  await p.getByTestId('automation-add').click();
  await p.getByTestId('new-scenario').click();
  await p.getByTestId('automation-name').fill(name);
  await p.getByTestId('add-command').click();
  await p.locator(`[data-testid="device-option"][data-device-id="${id('blaster')}"]`).click();
  await p.getByTestId('screen-command').waitFor();
}

describe('an IR remote button as a scenario action', () => {
  it("a scenario presses the TV remote's Power, picked on irremote-select-button; a tap runs it and the blaster decodes NEC 4/8 (en)", async () => {
    // Something else first, so the blaster's report after the run can only be the run's.
    await api.call('sendRemoteButton', { params: { remoteId: tvId }, body: { button: 'vol_up' } });
    await expect.poll(async () => (await reportedCode())?.command, { timeout: 10_000 }).toBe(2);

    const p = await page('en');
    await newScenarioAction(p, 'TV off');
    await p.getByTestId('remote-action-remote').filter({ hasText: 'Living-room TV' }).click();
    await p.getByTestId('screen-remote-select-button').waitFor();
    await p.getByText('Button of Living-room TV').waitFor();
    await shot(p, 'automation-remote-picker-en');
    expect(await axeViolations(p, 'automation-remote-picker-en')).toEqual([]);
    await p.getByTestId('remote-select-power').click();
    await p.getByTestId('screen-command').waitFor();
    await expect.poll(() => textOf(p.getByTestId('remote-press-chosen'))).toBe('Living-room TV: Power');
    await shot(p, 'automation-remote-command-en');
    expect(await axeViolations(p, 'automation-remote-command-en')).toEqual([]);
    await p.getByTestId('command-save').click();
    await expect.poll(() => textOf(p.getByTestId('command-row'))).toContain('Living-room TV: Power');
    await p.getByTestId('automation-save').click();

    const scenario = p.getByTestId('scenario-card').filter({ hasText: 'TV off' });
    await scenario.waitFor();
    const saved = (await api.call('listScenarios', {})).find((s) => s.name === 'TV off');
    expect(saved?.commands).toEqual([
      expect.objectContaining({
        deviceId: id('blaster'),
        deviceParameterId: 'send',
        value: null,
        params: { remoteId: tvId, button: 'power' },
      }),
    ]);
    await scenario.getByTestId('scenario-run').click();
    await expect
      .poll(reportedCode, { timeout: 10_000, interval: 150 })
      .toEqual({ protocol: 'NEC', address: 4, command: 8 });
    await scenario.getByTestId('scenario-history').click();
    const run = p.getByTestId('run').first();
    await expect.poll(() => run.getAttribute('data-status'), { timeout: 10_000 }).toBe('done');
    const action = run.getByTestId('trace-action');
    expect(await action.getAttribute('data-result')).toBe('OK');
    expect(await textOf(action)).toContain('Living-room TV: Power');
    await shot(p, 'automation-remote-history-en');
  });

  it("in Persian (RTL, dark): an air conditioner's state as the action, sent when run; learning still picks a key name (fa)", async () => {
    const p = await page('fa');
    await newScenarioAction(p, 'کولر ساعت ۷');
    expect(await p.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await p.getByTestId('remote-action-remote').filter({ hasText: 'Bedroom AC' }).click();
    await p.getByTestId('screen-remote-select-button').waitFor();
    await p.getByTestId('remote-state-power-1').check({ force: true });
    await p.getByTestId('remote-state-mode-cool').check({ force: true });
    await p.getByTestId('remote-state-temperature').fill('24');
    await p.getByTestId('remote-state-fan-high').check({ force: true });
    await shot(p, 'automation-remote-state-fa');
    expect(await axeViolations(p, 'automation-remote-state-fa')).toEqual([]);
    await p.getByTestId('remote-state-use').click();
    await p.getByTestId('screen-command').waitFor();
    await expect
      .poll(() => textOf(p.getByTestId('remote-press-chosen')))
      .toBe('Bedroom AC: روشن، سرمایش، ۲۴ درجه، فن زیاد');
    await p.getByTestId('command-save').click();
    await p.getByTestId('automation-save').click();
    const scenario = p.getByTestId('scenario-card').filter({ hasText: 'کولر ساعت ۷' });
    await scenario.waitFor();
    const saved = (await api.call('listScenarios', {})).find((x) => x.name === 'کولر ساعت ۷');
    expect(saved?.commands[0]?.params).toEqual({
      remoteId: acId,
      state: { power: true, mode: 'cool', temperature: 24, fan: 'high' },
    });
    await scenario.getByTestId('scenario-run').click();
    await expect
      .poll(
        async () => {
          const c = await reportedCode();
          return c ? acStateFromCode(c)?.state : undefined;
        },
        { timeout: 10_000, interval: 150 },
      )
      .toEqual({ power: true, mode: 'cool', temperature: 24, fan: 'high' });

    // The same route without `for=action` is still the learning flow's "which key" screen.
    const custom = await api.call('addCustomRemote', {
      body: { deviceId: id('blaster'), name: 'Old hi-fi', buttons: [] },
    });
    await p.goto(`${stack.server.url}${TAB}/irremote-select-button/${id('blaster')}?remoteId=${custom.id}`);
    await p.getByTestId('remote-select-own').waitFor();
    await p.getByTestId('remote-select-power').click();
    await p.getByTestId('screen-remote-learn').waitFor();
  });
});
