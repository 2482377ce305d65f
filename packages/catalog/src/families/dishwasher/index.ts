import { programme } from '../../appliance-program.ts';
import { defineFamily } from '../../family.ts';
import { choice } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';

const machines = [
  ['dishwasher-12-place', '12-place'],
  ['dishwasher-13-place', '13-place'],
  ['dishwasher-14-place', '14-place'],
  ['dishwasher-slim-9-place', 'slim-9-place'],
  ['dishwasher-built-in-14', 'built-in-14'],
  ['dishwasher-compact-6', 'compact-6'],
] as const;

/** Dishwashers: phases 1 pre-wash, 2 wash, 3 rinse, 4 dry, then 5 done (numbering chosen). */
export default defineFamily({
  id: 'dishwasher',
  models: machines.map(([id, variant]) =>
    defineModel({
      id,
      deviceType: 'dishwasher',
      variant,
      features: ['program', 'timer', 'lock'],
      parts: [
        programme({
          programs: 8,
          phases: [1, 2, 3, 4],
          done: 5,
          extra: [
            choice('temp', 'program', [45, 55, 65, 70], 55),
            choice('soil_level', 'program', [1, 2, 3], 2, { source: 'chosen' }),
          ],
        }),
      ],
      route: route('dishwasher-screen'),
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
  ),
});
