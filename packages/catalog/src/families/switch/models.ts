import { beep, relays } from '../../capabilities.ts';
import type { ModelProfile } from '../../types.ts';

const poles = ['one', 'two', 'three', 'four'] as const;

export const switchModels: ModelProfile[] = poles.map((name, i) => ({
  id: `switch-${name}-pole`,
  deviceType: `${name}-pole`,
  family: 'switch',
  variant: `${i + 1}-pole`,
  icon: 'switch',
  features: i === 0 ? ['quick_toggle'] : ['quick_toggle', 'master_power'],
  toggleKeys: relays(i + 1).map((k) => k.key),
  keys: [...relays(i + 1), beep],
}));
