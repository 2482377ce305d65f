import { reading, setting, status } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';
import type { ModelProfile } from '../../types.ts';

/** Vibration sensors: vibration_status events and a sensitivity. Spellings chosen. */
export const vibrationSensorModels: ModelProfile[] = (['standard', 'glass-break'] as const).map((variant) =>
  defineModel({
    id: `vibration-sensor-${variant}`,
    deviceType: 'vibration-sensor',
    family: 'vibration_sensor',
    variant,
    features: ['events'],
    keys: [
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
);
