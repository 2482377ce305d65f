import { defineFamily } from '../../family.ts';
import { reading, setting, status } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';

/** Vibration sensors: vibration_status events and a sensitivity. Spellings chosen. */
export default defineFamily({
  id: 'vibration_sensor',
  models: (
    [
      ['vibration-sensor-standard', 'standard'],
      ['vibration-sensor-glass-break', 'glass-break'],
    ] as const
  ).map(([id, variant]) =>
    defineModel({
      id,
      deviceType: 'vibration-sensor',
      variant,
      features: ['events'],
      parts: [
        status('vibration_status', [0, 1], {
          source: 'chosen',
          sim: { type: 'event', everyMs: 45_000, cycle: [1, 0] },
        }),
        setting('sensivity', 'sensor', 1, 10, 5, { source: 'chosen' }),
        reading('battery', 0, 100, { unit: '%', initial: 90, source: 'chosen' }),
      ],
      route: route('vibration-statuse', 'given', ['id']),
      errors: ['device.error'],
    }),
  ),
});
