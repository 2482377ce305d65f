import { defineFamily } from '../../family.ts';
import { reading, setting, status } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';

/** Motion sensors: motion_status events, sensivity and delay (spelled as the spec spells them). */
export default defineFamily({
  id: 'pir_sensor',
  models: (
    [
      ['pir-sensor-ceiling', 'ceiling'],
      ['pir-sensor-wall', 'wall'],
      ['pir-sensor-outdoor', 'outdoor'],
      ['pir-sensor-mini', 'mini'],
    ] as const
  ).map(([id, variant]) =>
    defineModel({
      id,
      deviceType: 'pir-sensor',
      variant,
      features: ['events'],
      parts: [
        status('motion_status', [0, 1], { sim: { type: 'event', everyMs: 20_000, cycle: [1, 0] } }),
        setting('sensivity', 'pir', 1, 10, 5, { source: 'chosen' }),
        setting('delay', 'pir', 5, 600, 30, { unit: 's', source: 'chosen' }),
        reading('battery', 0, 100, { unit: '%', initial: 95, source: 'chosen' }),
      ],
      route: route('pir-sensor-sensitivity', 'given', ['id']),
      errors: ['device.error'],
    }),
  ),
});
