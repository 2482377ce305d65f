import { defineFamily } from '../../family.ts';
import { choice, flag, onOff, reading, setting } from '../../keys.ts';
import { defineModel, route } from '../../model.ts';
import { rule, TIMER_MAX_MIN, timerRule } from '../../rule-kit.ts';

const variants = [
  ['fan-coil-2pipe', '2pipe', 3],
  ['fan-coil-4pipe', '4pipe', 3],
  ['fan-coil-2pipe-ec', '2pipe-ec', 5],
  ['fan-coil-4pipe-ec', '4pipe-ec', 5],
  ['fan-coil-ceiling-cassette', 'ceiling-cassette', 3],
  ['fan-coil-floor-standing', 'floor-standing', 3],
] as const;

/** Fan-coil thermostats (thermostat-screen): setpoint only in auto; no timer while off or in auto. */
export default defineFamily({
  id: 'fan_coil',
  models: variants.map(([id, variant, speeds]) =>
    defineModel({
      id,
      deviceType: 'fan-coil-thermostat',
      variant,
      icon: 'thermostat',
      features: ['quick_toggle', 'temperature', 'setpoint', 'timer'],
      toggleKeys: ['power'],
      parts: [
        onOff('power', 'control', 0),
        onOff('auto', 'control', 1),
        choice('winter_summer', 'control', [0, 1], 1, { source: 'chosen' }),
        choice(
          'speed',
          'control',
          Array.from({ length: speeds }, (_, i) => i + 1),
          1,
        ),
        setting('setpoint', 'setpoint', 16, 32, 24, { unit: '°C', step: 0.5, source: 'chosen' }),
        reading('temperature', -10, 50, {
          unit: '°C',
          sim: {
            type: 'drift',
            toward: 'setpoint',
            perMinute: 0.3,
            initial: 26,
            idle: 26,
            while: { key: 'power', eq: 1 },
          },
        }),
        onOff('buzzer', 'settings', 1),
        setting('display_light_percent', 'display', 0, 100, 60, { unit: '%' }),
        setting('timer', 'timer', 0, TIMER_MAX_MIN, 0, {
          unit: 'min',
          source: 'chosen',
          sim: { type: 'countdown', unitMs: 60_000, while: { key: 'power', eq: 1 }, onZero: { power: 0 } },
        }),
        flag(
          'valve_status',
          { all: [{ key: 'power', eq: 1 }, { not: { key: 'temperature', below: 'setpoint' } }] },
          { source: 'chosen' },
        ),
      ],
      route: route('thermostat-screen'),
      rules: [
        rule('setpoint_auto_only', { key: 'auto', eq: 0 }, ['setpoint'], 'rule.auto_mode_only'),
        timerRule(['timer'], 'power', { key: 'auto', eq: 1 }),
        rule('backlight_off', { key: 'power', eq: 0 }, ['display_light_percent'], 'rule.backlight_off'),
      ],
      errors: ['device.error', 'sensor.temperature', 'sensor.open', 'sensor.short'],
    }),
  ),
});
