import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { automationResolver } from '../automation/automation-form.ts';
import type { Draft as AutomationDraft } from '../automation/draft-store.ts';
import { exchangeResolver } from './exchange-form.ts';
import { timerResolver } from './timer-form.ts';

const options = { fields: {}, shouldUseNativeValidation: false } as unknown as ResolverOptions<never>;
const DEVICE = '0b9d6a4e-8a43-4c1e-9a0e-3f5f7f2f5d11';

// The schedule editor's resolver reads the server's clock (data/api.ts, which needs a document): the
// timers e2e spec checks its rules on the screen.
describe('the automation, timer and data-exchange editors on react-hook-form (issue 16)', () => {
  it('data exchange: each of the three must be chosen; the contract refuses a target that is no device id', async () => {
    const empty = await exchangeResolver(
      { sourceParameter: '', targetDeviceId: '', targetParameter: '' },
      undefined,
      options as never,
    );
    expect(Object.fromEntries(Object.entries(empty.errors).map(([k, e]) => [k, e?.message]))).toEqual({
      sourceParameter: 'exchange.required',
      targetDeviceId: 'exchange.required',
      targetParameter: 'exchange.required',
    });
    const bad = await exchangeResolver(
      { sourceParameter: 'relay_1', targetDeviceId: 'not-a-uuid', targetParameter: 'relay_2' },
      undefined,
      options as never,
    );
    expect(bad.errors.targetDeviceId?.message).toBe('validation.rejected');
    const good = { sourceParameter: 'relay_1', targetDeviceId: DEVICE, targetParameter: 'relay_2' };
    expect((await exchangeResolver(good, undefined, options as never)).values).toEqual(good);
  });

  it('timer: more than zero minutes and an action (the live defaults count until edited); minutes capped', async () => {
    const live = { current: { defaults: [{ deviceParameterId: 'relay_1', value: 0 }], max: 600 } };
    const resolver = timerResolver(live);
    expect((await resolver({ minutes: 30, actions: null }, undefined, options as never)).errors).toEqual({});
    const none = await resolver({ minutes: 0, actions: [] }, undefined, options as never);
    expect(none.errors.minutes?.message).toBe('timer.timeRequired');
    expect(none.errors.actions?.message).toBe('validation.automation.actionsRequired');
    live.current = { defaults: [], max: 600 };
    const noDefaults = await resolver({ minutes: 5, actions: null }, undefined, options as never);
    expect(noDefaults.errors.actions?.message).toBe('validation.automation.actionsRequired');
  });

  it('automation: the name on its field, a missing action below the form; a complete draft passes', async () => {
    let draft: AutomationDraft = {
      kind: 'automation',
      name: '',
      isActive: true,
      isNotify: false,
      notifyMessage: null,
      commandInorderExecution: false,
      conditionCheckType: 0,
      conditions: [],
      commands: [],
    };
    const resolver = automationResolver(() => draft);
    const empty = await resolver({ name: ' ', list: null }, undefined, options as never);
    expect(empty.errors.name?.message).toBe('errors.nameRequired');
    expect(empty.errors.list?.message).toBe('errors.actionsRequired');
    draft = {
      ...draft,
      commands: [{ deviceId: DEVICE, deviceParameterId: 'relay_1', value: 1, delay: 0, order: 0 }],
    };
    expect((await resolver({ name: 'Lights on', list: null }, undefined, options as never)).errors).toEqual(
      {},
    );
  });
});
