import { errorMessage } from '@hestia/catalog';
import { describe, expect, it } from 'vitest';
import { stack, useControlStack } from '../control.ts';
import { clear, logIn, open, raise, shot, simNum } from '../control-from-dashboard.ts';
import { refused, speed } from '../kitchen.ts';

/**
 * Issue 19, kitchen: an electric cooktop (two single zones and a double) and a gas stove against
 * simulated devices. A zone's timer is refused while the zone is off, then runs down on a sped-up
 * clock and switches the zone off; the child lock is refused while the cooktop is on; the stove's
 * burners turn off all at once; a gas fault shows its catalogue text; the Persian screens.
 */
useControlStack({
  cooktop: ['cooktop-2-single-1-double-induction', 'Cooktop'],
  stove: ['stove-4-flame-glass', 'Gas stove'],
});

describe('control screens: cooktop and stove (phone, Chromium)', () => {
  it('a cooktop zone: timer refused while off, level, fast heat, a timer that switches it off; child lock refused while on', async () => {
    const context = await stack.newContext('en');
    const page = await context.newPage();
    await logIn(page);
    await open(page, 'cooktop');
    if (simNum('cooktop', 'onoff') !== 1) await page.getByTestId('toggle-onoff').click();
    await expect.poll(() => simNum('cooktop', 'onoff'), { timeout: 5000 }).toBe(1);
    await page.getByTestId('toggle-child_lock').click();
    await refused(page, 'rule.standby_only');
    await page.getByTestId('zone-1').click();
    const sheet = page.getByTestId('zone-1-sheet');
    expect(await sheet.getByTestId('zone-1-timer-hint').textContent()).toBe(
      errorMessage('rule.flame_off', 'en'),
    );
    await sheet.getByTestId('zone-1-timer').locator('[data-value="5"]').click();
    await refused(page, 'rule.flame_off');
    await sheet.getByTestId('zone-1-level').locator('[data-value="6"]').click();
    await expect.poll(() => simNum('cooktop', 'stage_1'), { timeout: 5000 }).toBe(6);
    await sheet.getByTestId('toggle-fastheat_1').click();
    await expect.poll(() => simNum('cooktop', 'fastheat_1'), { timeout: 5000 }).toBe(1);
    await sheet.getByTestId('zone-1-timer').locator('[data-value="5"]').click();
    await expect.poll(() => simNum('cooktop', 'timer_1'), { timeout: 5000 }).toBe(5);
    await shot(page, 'cooktop-zone-en', false);
    await sheet.getByRole('button', { name: 'Close' }).click();
    await sheet.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('zone-1').getAttribute('data-level')).toBe('6');
    await shot(page, 'cooktop-en');
    // Five minutes at 300×: a second, then the zone switches itself off.
    await speed('cooktop', 300);
    await expect
      .poll(() => page.getByTestId('zone-1').getAttribute('data-level'), { timeout: 10_000 })
      .toBe('0');
    expect(simNum('cooktop', 'stage_1')).toBe(0);
    await context.close();
  }, 40_000);

  it('a stove: burners lit and all turned off at once; a gas fault', async () => {
    const context = await stack.newContext('en');
    const page = await context.newPage();
    await logIn(page);
    await open(page, 'stove');
    if (simNum('stove', 'power') !== 1) await page.getByTestId('toggle-power').click();
    await expect.poll(() => simNum('stove', 'power'), { timeout: 5000 }).toBe(1);
    for (const [zone, level] of [
      [1, 4],
      [3, 7],
    ] as const) {
      await page.getByTestId(`zone-${zone}`).click();
      const sheet = page.getByTestId(`zone-${zone}-sheet`);
      await sheet.getByTestId(`zone-${zone}-level`).locator(`[data-value="${level}"]`).click();
      await expect.poll(() => simNum('stove', `flame${zone}`), { timeout: 5000 }).toBe(level);
      await sheet.getByRole('button', { name: 'Close' }).click();
      await sheet.waitFor({ state: 'hidden' });
    }
    await expect.poll(() => page.getByTestId('hob-panel').getAttribute('data-lit')).toBe('2');
    // The stove reports which burners burn (flame_status), and their tiles show it.
    await expect.poll(() => simNum('stove', 'flame_status'), { timeout: 5000 }).toBe(0b101);
    await expect.poll(() => page.getByTestId('zone-3').getAttribute('data-burning')).toBe('true');
    expect(await page.getByTestId('zone-1').getAttribute('data-burning')).toBe('true');
    expect(await page.getByTestId('zone-2').getAttribute('data-burning')).toBe('false');
    await shot(page, 'stove-en');
    await page.getByTestId('hob-turn-off-all').click();
    await expect
      .poll(() => page.getByTestId('hob-panel').getAttribute('data-lit'), { timeout: 5000 })
      .toBe('0');
    expect([1, 2, 3, 4].map((i) => simNum('stove', `flame${i}`))).toEqual([0, 0, 0, 0]);
    await expect.poll(() => page.getByTestId('zone-1').getAttribute('data-burning')).toBe('false');
    await raise('stove', 'gas.detected');
    await page.getByTestId('control-fault').waitFor({ timeout: 5000 });
    expect(await page.getByTestId('control-fault-message').textContent()).toBe(
      errorMessage('gas.detected', 'en'),
    );
    await clear('stove');
    await context.close();
  }, 30_000);

  it('in Persian: the cooktop and the stove', async () => {
    const fa = await stack.newContext('fa');
    const page = await fa.newPage();
    await logIn(page);
    await open(page, 'cooktop');
    await shot(page, 'cooktop-fa');
    await open(page, 'stove');
    await shot(page, 'stove-fa');
    await fa.close();
  }, 20_000);
});
