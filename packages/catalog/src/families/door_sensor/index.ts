import { defineFamily } from '../../family.ts';
import { reading, status } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';

/** Door and window contacts: sensor_status 1 open, 0 closed. */
export default defineFamily({
  id: 'door_sensor',
  models: (
    [
      ['door-sensor-door', 'door'],
      ['door-sensor-window', 'window'],
      ['door-sensor-garage', 'garage'],
    ] as const
  ).map(([id, variant]) =>
    defineModel({
      id,
      deviceType: 'door-sensor',
      variant,
      features: ['events'],
      parts: [
        status('sensor_status', [0, 1], { sim: { type: 'event', everyMs: 30_000, cycle: [1, 0] } }),
        reading('battery', 0, 100, { unit: '%', initial: 90, source: 'chosen' }),
      ],
      route: route('door-sensor', 'given', ['id']),
      errors: ['device.error'],
    }),
  ),
});
