import { beep, powerMeter, relays } from '../../capabilities.ts';
import type { ModelProfile } from '../../types.ts';

export const plugModels: ModelProfile[] = [
  {
    id: 'plug-metering',
    deviceType: 'plug',
    family: 'plug',
    variant: 'metering',
    icon: 'plug',
    features: ['quick_toggle', 'master_power', 'power_metering'],
    toggleKeys: ['relay_1'],
    keys: [...relays(1), ...powerMeter(['relay_1'], 1200), beep],
  },
];
