import { defineFamily } from '../../family.ts';
import { choice, flag, onOff, reading, setting } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';
import { TIMER_SHORT_MAX_MIN, timerRule } from '../../rule-kit.ts';

const hoods = [
  ['hood-chimney-60', 'chimney-60', 3, false],
  ['hood-chimney-90', 'chimney-90', 4, true],
  ['hood-island-90', 'island-90', 5, true],
  ['hood-slim-60', 'slim-60', 3, false],
  ['hood-built-in-70', 'built-in-70', 4, false],
  ['hood-downdraft-80', 'downdraft-80', 4, true],
  ['hood-wall-90-glass', 'wall-90-glass', 5, true],
  ['hood-t-shape-90', 't-shape-90', 3, false],
] as const;

/** Hoods: speed 0 is off; in auto mode the smoke and temperature sensors drive the speed. */
export default defineFamily({
  id: 'hood',
  models: hoods.map(([id, variant, speeds, jack]) =>
    defineModel({
      id,
      deviceType: 'hood',
      variant,
      features: ['quick_toggle', 'timer'],
      toggleKeys: ['light'],
      parts: [
        choice(
          'fan_speed',
          'control',
          Array.from({ length: speeds + 1 }, (_, i) => i),
          0,
        ),
        onOff('light', 'control', 0),
        onOff('auto_mode', 'control', 0),
        ...(jack ? [onOff('jack_open', 'control', 0, { source: 'chosen' })] : []),
        setting('timer', 'timer', 0, TIMER_SHORT_MAX_MIN, 0, {
          unit: 'min',
          sim: {
            type: 'countdown',
            unitMs: 60_000,
            while: { key: 'fan_speed', min: 1 },
            onZero: { fan_speed: 0 },
          },
        }),
        setting('alarm', 'alarm', 0, TIMER_SHORT_MAX_MIN, 0, { unit: 'min', source: 'chosen' }),
        flag('smoke_detected', undefined, { sim: { type: 'event', everyMs: 120_000, cycle: [0, 1, 0, 0] } }),
        reading('temperature', 0, 120, { unit: '°C', initial: 24 }),
        flag('smoke_sensor_error', undefined, { source: 'chosen' }),
        flag('sensor_error', undefined, { source: 'chosen' }),
      ],
      route: route('hood'),
      rules: [timerRule(['timer'], 'fan_speed', { key: 'auto_mode', eq: 1 })],
      errors: [
        'device.error',
        'smoke.sensor',
        'gas.detected',
        'sensor.temperature',
        'motor.P2',
        'motor.P5',
        'motor.P7',
      ],
    }),
  ),
});
