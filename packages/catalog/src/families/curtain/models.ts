import { curtainChannel } from '../../capabilities.ts';
import type { ModelProfile } from '../../types.ts';

export const curtainModels: ModelProfile[] = [
  {
    id: 'curtain-single',
    deviceType: 'curtain',
    family: 'curtain',
    variant: 'single',
    icon: 'curtain',
    features: ['position'],
    toggleKeys: [],
    keys: curtainChannel(),
  },
];
