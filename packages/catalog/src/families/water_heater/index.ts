import { defineFamily } from '../../family.ts';
import { choice, flag, reading, setting } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';
import { HOT_WATER_MAX, HOT_WATER_MIN } from '../../rule-kit.ts';

const models = [
  ['water-heater-artel-50l', 'artel', '50l'],
  ['water-heater-artel-80l', 'artel', '80l'],
  ['water-heater-artel-100l', 'artel', '100l'],
  ['water-heater-generic-wall-50l', 'generic', 'wall-50l'],
  ['water-heater-generic-floor-150l', 'generic', 'floor-150l'],
  ['water-heater-generic-instant-gas', 'generic', 'instant-gas'],
] as const;

/** Water heaters: system mode 0 off, 1 on, 2 eco; submode 0 normal, 1 boost (values chosen). */
export default defineFamily({
  id: 'water_heater',
  models: models.map(([id, brand, variant]) =>
    defineModel({
      id,
      deviceType: 'water-heater',
      variant,
      brand,
      features: ['temperature', 'setpoint'],
      parts: [
        choice('system_mode', 'control', [0, 1, 2], 0),
        choice('system_submode', 'control', [0, 1], 0, { source: 'chosen' }),
        setting('setpoint', 'setpoint', HOT_WATER_MIN, HOT_WATER_MAX, 55, { unit: '°C' }),
        reading('temperature', 0, 100, {
          unit: '°C',
          sim: {
            type: 'drift',
            toward: 'setpoint',
            perMinute: 1,
            initial: 20,
            idle: 20,
            while: { key: 'system_mode', ne: 0 },
          },
        }),
        // The element stays off while a fault is raised (no sensor, no water, short circuit).
        flag('output_status', {
          all: [
            { key: 'system_mode', ne: 0 },
            { key: 'temperature', below: 'setpoint' },
            { key: 'no_sensor_error', ne: 1 },
            { key: 'no_water_error', ne: 1 },
            { key: 'short_circuit_error', ne: 1 },
          ],
        }),
        flag('no_sensor_error'),
        flag('no_water_error'),
        flag('short_circuit_error'),
      ],
      // The spec names one water-heater screen, after its first brand.
      route: route('artel-water-heater', brand === 'artel' ? 'given' : 'chosen'),
      errors: ['device.error', 'sensor.open', 'sensor.short', 'water.none'],
    }),
  ),
});
