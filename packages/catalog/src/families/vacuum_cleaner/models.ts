import { choice, reading, request, status } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';
import type { ModelProfile } from '../../types.ts';

/** Robot vacuums: move 0 stop, 1 clean, 2 spot, 3 edge (chosen); home sends it to the dock. */
export const vacuumCleanerModels: ModelProfile[] = (['basic', 'lidar', 'mop', 'lidar-mop'] as const).map(
  (variant) =>
    defineModel({
      id: `vacuum-cleaner-${variant}`,
      deviceType: 'smart-vacuum-cleaner',
      family: 'vacuum_cleaner',
      variant,
      keys: [
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
);
