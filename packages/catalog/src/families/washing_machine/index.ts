import { programme } from '../../appliance-program.ts';
import { defineFamily } from '../../family.ts';
import { choice } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';

const machines = [
  ['washing-machine-7kg-1000', '7kg-1000', 1000],
  ['washing-machine-7kg-1200', '7kg-1200', 1200],
  ['washing-machine-8kg-1200', '8kg-1200', 1200],
  ['washing-machine-8kg-1400', '8kg-1400', 1400],
  ['washing-machine-9kg-1400', '9kg-1400', 1400],
  ['washing-machine-10kg-1400', '10kg-1400', 1400],
  ['washing-machine-washer-dryer-8kg', 'washer-dryer-8kg', 1400],
  ['washing-machine-top-load-7kg', 'top-load-7kg', 800],
] as const;

/** Washing machines: phases 1 wash, 2 rinse, 3 spin, then 4 done (numbering chosen). */
export default defineFamily({
  id: 'washing_machine',
  models: machines.map(([id, variant, maxSpin]) =>
    defineModel({
      id,
      deviceType: 'washing-machine',
      variant,
      features: ['program', 'timer', 'lock'],
      parts: [
        programme({
          programs: 15,
          phases: [1, 2, 3],
          done: 4,
          extra: [
            choice(
              'spin',
              'program',
              [0, 400, 600, 800, 1000, 1200, 1400].filter((s) => s <= maxSpin),
              800 <= maxSpin ? 800 : 0,
            ),
            choice('temp', 'program', [0, 20, 30, 40, 60, 90], 40),
            choice('soil_level', 'program', [1, 2, 3], 2, { source: 'chosen' }),
          ],
        }),
      ],
      route: route('washing-machine'),
      errors: ['device.error', 'water.none', ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `motor.P${n}`)],
    }),
  ),
});
