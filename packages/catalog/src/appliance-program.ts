import { choice, flag, onOff, range, setting, status } from './keys.ts';
import type { Fragment } from './model.ts';
import { rule } from './rule-kit.ts';
import type { Condition, KeyDef, Rule } from './types.ts';

/**
 * A program-running appliance (washing machine, dishwasher): program number, duration, delay,
 * lock, play (run/pause) and onoff (spec section 3), with a phase the machine runs through; the
 * programme's keys (its `extra` ones too) change only while it is stopped.
 */
export function programme(opts: {
  programs: number;
  phases: readonly number[];
  phaseMs: number;
  extra: KeyDef[];
}): Fragment {
  const programKeys = ['programnumber', 'duration', 'delay', ...opts.extra.map((k) => k.key)];
  return { keys: programmeKeys(opts), rules: programmeRules(programKeys) };
}

function programmeKeys(opts: {
  programs: number;
  phases: readonly number[];
  phaseMs: number;
  extra: KeyDef[];
}): KeyDef[] {
  return [
    onOff('onoff', 'power', 0),
    onOff('play', 'run', 0),
    choice('programnumber', 'program', range(1, opts.programs), 1),
    setting('duration', 'program', 0, 300, 90, {
      unit: 'min',
      sim: { type: 'countdown', unitMs: 60_000, while: { key: 'play', eq: 1 }, onZero: { play: 0 } },
    }),
    setting('delay', 'program', 0, 24, 0, { unit: 'h', source: 'chosen' }),
    ...opts.extra,
    onOff('lock', 'settings', 0),
    flag('door', undefined, { source: 'chosen' }),
    // 0 idle, then the phases, then 0 again (numbering chosen).
    status('phase', [0, ...opts.phases], {
      source: 'chosen',
      sim: { type: 'phase', runKey: 'play', phases: opts.phases, phaseMs: opts.phaseMs, onEnd: { play: 0 } },
    }),
  ];
}

function programmeRules(programKeys: readonly string[]): Rule[] {
  const running: Condition = { key: 'play', eq: 1 };
  return [
    rule('stop_before_change', running, programKeys, 'rule.stop_machine_first'),
    rule(
      'start_needs_power',
      { key: 'onoff', eq: 0 },
      [{ key: 'play', value: 1 }],
      'rule.device_off',
      'chosen',
    ),
    rule(
      'start_needs_door_closed',
      { key: 'door', eq: 1 },
      [{ key: 'play', value: 1 }],
      'rule.door_open',
      'chosen',
    ),
    rule('power_off_needs_stop', running, [{ key: 'onoff', value: 0 }], 'rule.stop_machine_first', 'chosen'),
  ];
}
