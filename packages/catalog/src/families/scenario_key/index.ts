import { beep, pushKeys } from '../../capabilities.ts';
import { defineFamily } from '../../family.ts';
import { defineModel, route } from '../../model.ts';

function scenarioKey(id: string, n: number) {
  return defineModel({
    id,
    deviceType: 'scenario-key',
    variant: `${n}-key`,
    features: ['events'],
    parts: [pushKeys(n, 25_000), beep],
    route: route('scenario-key-screen', 'given', ['id']),
    errors: ['device.error'],
  });
}

/** Scenario keys: each key runs a scenario; the screen takes the id (and the profile in settings). */
export default defineFamily({
  id: 'scenario_key',
  models: [
    scenarioKey('scenario-key-1', 1),
    scenarioKey('scenario-key-2', 2),
    scenarioKey('scenario-key-3', 3),
    scenarioKey('scenario-key-4', 4),
    scenarioKey('scenario-key-6', 6),
  ],
});
