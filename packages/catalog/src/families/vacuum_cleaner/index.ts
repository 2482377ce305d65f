import { defineFamily } from '../../family.ts';
import { choice, reading, request, status } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';

/** Robot vacuums: move 0 stop, 1 clean, 2 spot, 3 edge (chosen); home sends it to the dock. */
export default defineFamily({
  id: 'vacuum_cleaner',
  models: (
    [
      ['vacuum-cleaner-basic', 'basic'],
      ['vacuum-cleaner-lidar', 'lidar'],
      ['vacuum-cleaner-mop', 'mop'],
      ['vacuum-cleaner-lidar-mop', 'lidar-mop'],
    ] as const
  ).map(([id, variant]) =>
    defineModel({
      id,
      deviceType: 'smart-vacuum-cleaner',
      variant,
      parts: [
        choice('move', 'control', [0, 1, 2, 3], 0),
        request('home', 'control'),
        // 0 docked, 1 cleaning, 2 returning (chosen).
        status('state', [0, 1, 2], {
          source: 'chosen',
          sim: { type: 'phase', runKey: 'move', phases: [1, 1, 2], phaseMs: 300_000, onEnd: { move: 0 } },
        }),
        reading('battery', 0, 100, { unit: '%', initial: 100, source: 'chosen' }),
      ],
      route: route('smart-vacuum-cleaner', 'given', ['id']),
      errors: ['device.error', 'motor.P7', 'motor.P5'],
    }),
  ),
});
