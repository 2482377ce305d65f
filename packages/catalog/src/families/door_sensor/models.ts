import { reading, status } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';
import type { ModelProfile } from '../../types.ts';

/** Door and window contacts: sensor_status 1 open, 0 closed. */
export const doorSensorModels: ModelProfile[] = (['door', 'window', 'garage'] as const).map((variant) =>
  defineModel({
    id: `door-sensor-${variant}`,
    deviceType: 'door-sensor',
    family: 'door_sensor',
    variant,
    features: ['events'],
    keys: [
      status('sensor_status', [0, 1], { sim: { type: 'event', everyMs: 30_000, cycle: [1, 0] } }),
      reading('battery', 0, 100, { unit: '%', initial: 90, source: 'chosen' }),
    ],
    route: route('door-sensor', 'given', ['id']),
    errors: ['device.error'],
  }),
);
