import { describe, expect, it } from 'vitest';
import { api, id, stack, useControlStack } from '../control.ts';
import { logIn, open, shot, simNum } from '../control-from-dashboard.ts';
import { door, pick, powerOn, recordPhases, refused, speed } from '../kitchen.ts';

/**
 * Issue 19, laundry: the washing machine and dishwasher screens against simulated machines whose
 * clocks the test speeds up (`simulate.speed`), so a whole program runs in seconds: start (confirmed)
 * → the phases the machine reports → the done event on the screen; pause, stop (confirmed), a delayed
 * start; rules refuse on the screen before anything is sent; a view-only share sees the run only.
 */
useControlStack({
  washer: ['washing-machine-8kg-1200', 'Washer'],
  dishwasher: ['dishwasher-13-place', 'Dishwasher'],
});

const GUEST_PASSWORD = 'Guest-Pass1';

describe('control screens: laundry (phone, Chromium)', () => {
  it('a washer runs wash → rinse → spin → done: start confirmed, a setting refused while it runs, pause, a start refused with the door open', async () => {
    const context = await stack.newContext('en');
    const page = await context.newPage();
    await logIn(page);
    await open(page, 'washer');
    await powerOn(page, 'washer');
    await pick(page, 'pick-program', 3);
    await expect.poll(() => simNum('washer', 'programnumber'), { timeout: 5000 }).toBe(3);
    await pick(page, 'pick-duration', 15);
    await expect.poll(() => simNum('washer', 'duration'), { timeout: 5000 }).toBe(15);
    await pick(page, 'pick-spin', 1200);
    await expect.poll(() => simNum('washer', 'spin'), { timeout: 5000 }).toBe(1200);

    const phases = await recordPhases(page, 'laundry-panel');
    await page.getByTestId('run-start').click();
    await page.getByTestId('confirm-start').waitFor();
    await shot(page, 'washer-start-confirm-en', false);
    await page.getByTestId('confirm-start-confirm').click();
    await expect.poll(() => simNum('washer', 'play'), { timeout: 5000 }).toBe(1);
    await expect.poll(() => page.getByTestId('laundry-panel').getAttribute('data-status')).toBe('running');
    // A program setting while it runs: the catalogue's rule, on the screen.
    await page.getByTestId('pick-temp').click();
    await refused(page, 'rule.stop_machine_first');
    await shot(page, 'washer-running-en');
    // Pause keeps its place; resume goes on.
    await page.getByTestId('run-pause').click();
    await expect.poll(() => page.getByTestId('laundry-panel').getAttribute('data-status')).toBe('paused');
    expect(simNum('washer', 'duration')).toBe(15);
    await page.getByTestId('run-start').click();
    await expect.poll(() => simNum('washer', 'play'), { timeout: 5000 }).toBe(1);
    // 15 minutes at 300× run in three seconds.
    await speed('washer', 300);
    await page.getByTestId('run-done').waitFor({ timeout: 15_000 });
    expect(await phases()).toEqual([0, 1, 2, 3, 4]);
    expect(await page.getByTestId('run-phase').textContent()).toBe('Finished');
    await expect.poll(() => simNum('washer', 'duration')).toBe(15);
    await shot(page, 'washer-done-en');

    // The door opened: start is refused on the screen and nothing reaches the machine.
    await door('washer', true);
    await expect.poll(() => page.getByTestId('value-door').getAttribute('data-open')).toBe('true');
    await page.getByTestId('run-start').click();
    await page.getByTestId('confirm-start-confirm').click();
    await refused(page, 'rule.door_open');
    await page.getByTestId('confirm-start').waitFor({ state: 'hidden' });
    expect(simNum('washer', 'play')).toBe(0);
    await door('washer', false);
    await context.close();
  }, 45_000);

  it('a dishwasher: stop confirmed ends a run; a delayed start waits, then runs pre-wash → wash → rinse → dry → done', async () => {
    const context = await stack.newContext('en');
    const page = await context.newPage();
    await logIn(page);
    await open(page, 'dishwasher');
    await powerOn(page, 'dishwasher');
    await pick(page, 'pick-duration', 30);
    await page.getByTestId('run-start').click();
    await page.getByTestId('confirm-start-confirm').click();
    await expect.poll(() => page.getByTestId('laundry-panel').getAttribute('data-phase')).toBe('1');
    await page.getByTestId('run-stop').click();
    await page.getByTestId('confirm-stop-confirm').click();
    await expect.poll(() => page.getByTestId('laundry-panel').getAttribute('data-status')).toBe('ready');
    expect(simNum('dishwasher', 'play')).toBe(0);
    expect(simNum('dishwasher', 'phase')).toBe(0);

    await pick(page, 'pick-delay', 1);
    await expect.poll(() => simNum('dishwasher', 'delay'), { timeout: 5000 }).toBe(1);
    const dishPhases = await recordPhases(page, 'laundry-panel');
    await page.getByTestId('run-start').click();
    await page.getByTestId('confirm-start-confirm').click();
    await expect.poll(() => page.getByTestId('laundry-panel').getAttribute('data-status')).toBe('waiting');
    expect(await page.getByTestId('run-detail').textContent()).toBe('Starts in 1 h');
    await shot(page, 'dishwasher-waiting-en');
    // An hour's wait and half an hour's run at 600×: about nine seconds.
    await speed('dishwasher', 600);
    await page.getByTestId('run-done').waitFor({ timeout: 20_000 });
    expect(await dishPhases()).toEqual([0, 1, 2, 3, 4, 5]);
    await context.close();
  }, 45_000);

  it('a view-only share of the washer sees its run and no controls', async () => {
    const email = `kitchen-viewer-${Date.now()}@hestia.local`;
    const viewer = await stack.signUp(email, GUEST_PASSWORD, 'Guest');
    const share = await api.call('createShare', { params: { id: id('washer') }, body: { scope: 'view' } });
    await viewer.call('finalizeShare', { params: { shareToken: share.token } });
    const context = await stack.newContext('en');
    const page = await context.newPage();
    await logIn(page, email, GUEST_PASSWORD);
    await open(page, 'washer', false);
    await page.getByTestId('control-view-only').waitFor();
    await page.getByTestId('laundry-panel').waitFor();
    expect(await page.getByTestId('run-start').count()).toBe(0);
    expect(await page.locator('[role="switch"]').count()).toBe(0);
    expect(await page.getByTestId('pick-program').evaluate((el) => el.tagName)).toBe('DIV');
    // The run still follows the machine.
    await api.write(id('washer'), [{ Key: 'play', Value: 1 }]);
    await expect.poll(() => page.getByTestId('laundry-panel').getAttribute('data-status')).toBe('running');
    await shot(page, 'washer-view-only-en');
    await context.close();
  }, 30_000);
});
