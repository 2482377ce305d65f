import { reading, setting, status } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';
import type { ModelProfile } from '../../types.ts';

/** Motion sensors: motion_status events, sensivity and delay (spelled as the spec spells them). */
export const pirSensorModels: ModelProfile[] = (['ceiling', 'wall', 'outdoor', 'mini'] as const).map(
  (variant) =>
    defineModel({
      id: `pir-sensor-${variant}`,
      deviceType: 'pir-sensor',
      family: 'pir_sensor',
      variant,
      features: ['events'],
      keys: [
        status('motion_status', [0, 1], { sim: { type: 'event', everyMs: 20_000, cycle: [1, 0] } }),
        setting('sensivity', 'pir', 1, 10, 5, { source: 'chosen' }),
        setting('delay', 'pir', 5, 600, 30, { unit: 's', source: 'chosen' }),
        reading('battery', 0, 100, { unit: '%', initial: 95, source: 'chosen' }),
      ],
      route: route('pir-sensor-sensitivity', 'given', ['id']),
      errors: ['device.error'],
    }),
);
