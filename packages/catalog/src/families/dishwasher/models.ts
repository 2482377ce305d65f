import { programmeKeys, programmeRules } from '../../appliance-program.ts';
import { choice } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';
import type { ModelProfile } from '../../types.ts';

const machines = ['12-place', '13-place', '14-place', 'slim-9-place', 'built-in-14', 'compact-6'] as const;

/** Dishwashers: pre-wash, wash, rinse, dry (phases 1..4). */
export const dishwasherModels: ModelProfile[] = machines.map((variant) =>
  defineModel({
    id: `dishwasher-${variant}`,
    deviceType: 'dishwasher',
    family: 'dishwasher',
    variant,
    features: ['program', 'timer', 'lock'],
    keys: programmeKeys({
      programs: 8,
      phases: [1, 2, 3, 4],
      phaseMs: 900_000,
      extra: [
        choice('temp', 'program', [45, 55, 65, 70], 55),
        choice('soil_level', 'program', [1, 2, 3], 2, { source: 'chosen' }),
      ],
    }),
    route: route('dishwasher-screen'),
    rules: programmeRules(['programnumber', 'duration', 'delay', 'temp', 'soil_level']),
    errors: [
      'device.error',
      'water.none',
      'sensor.temperature',
      'motor.P1',
      'motor.P2',
      'motor.P5',
      'motor.P7',
    ],
  }),
);
