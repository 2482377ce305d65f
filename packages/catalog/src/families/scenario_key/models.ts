import { beep, pushKeys } from '../../capabilities.ts';
import { defineModel, route } from '../../model.ts';
import type { ModelProfile } from '../../types.ts';

/** Scenario keys: each key runs a scenario; the screen takes the id (and the profile in settings). */
export const scenarioKeyModels: ModelProfile[] = [1, 2, 3, 4, 6].map((n) =>
  defineModel({
    id: `scenario-key-${n}`,
    deviceType: 'scenario-key',
    family: 'scenario_key',
    variant: `${n}-key`,
    features: ['events'],
    keys: [...pushKeys(n, 25_000), beep],
    route: route('scenario-key-screen', 'given', ['id']),
    errors: ['device.error'],
  }),
);
