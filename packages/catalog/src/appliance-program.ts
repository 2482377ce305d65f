import { choice, flag, onOff, range, setting, status } from './keys.ts';
import type { Fragment } from './model.ts';
import { limit, rule } from './rule-kit.ts';
import type { Condition, KeyDef, Limit, Rule } from './types.ts';

/** A machine's phase 0: stopped, or never started. */
export const IDLE = 0;

/**
 * A program-running appliance (washing machine, dishwasher): program number, duration, delay,
 * lock, play (run/pause) and onoff (spec section 3), with a phase the machine runs through; the
 * programme's keys (its `extra` ones too) change only while it is stopped.
 */
export function programme(opts: {
  programs: number;
  /** Its phases in running order, numbered from 1 (chosen). */
  phases: readonly number[];
  /** The done event's phase value, reported when a run ends by itself until the next start. */
  done: number;
  extra: KeyDef[];
}): Fragment {
  const programKeys = programKeysOf(opts.extra);
  return { keys: programmeKeys(opts), rules: programmeRules(programKeys), limits: programmeLimits() };
}

/** The keys that make up a program; they change only while the machine is stopped. */
const programKeysOf = (extra: readonly KeyDef[]) => [
  'programnumber',
  'duration',
  'delay',
  ...extra.map((k) => k.key),
];

/**
 * The run (`ProgramRun`): `duration` is the program's length and, while it runs, the minutes left
 * (counting down while started and no delay is left); `delay` counts its hours down first; the phase
 * follows the share of the length done, then reports the done value.
 */
function programmeKeys(opts: {
  programs: number;
  phases: readonly number[];
  done: number;
  extra: KeyDef[];
}): KeyDef[] {
  const programKeys = programKeysOf(opts.extra);
  const going: Condition = {
    all: [
      { key: 'play', eq: 1 },
      { key: 'delay', eq: 0 },
    ],
  };
  return [
    onOff('onoff', 'power', 0),
    onOff('play', 'run', 0),
    choice('programnumber', 'program', range(1, opts.programs), 1),
    setting('duration', 'program', 0, 300, 90, {
      unit: 'min',
      sim: { type: 'countdown', unitMs: 60_000, while: going, onZero: { play: 0 } },
    }),
    setting('delay', 'program', 0, 24, 0, {
      unit: 'h',
      source: 'chosen',
      sim: { type: 'countdown', unitMs: 3_600_000, while: { key: 'play', eq: 1 } },
    }),
    ...opts.extra,
    onOff('lock', 'settings', 0),
    flag('door', undefined, { source: 'chosen' }),
    status('phase', [IDLE, ...opts.phases, opts.done], {
      source: 'chosen',
      sim: {
        type: 'phase',
        runKey: 'play',
        phases: opts.phases,
        remainingKey: 'duration',
        waitKey: 'delay',
        doneValue: opts.done,
        resetBy: [...programKeys, 'onoff'],
      },
    }),
  ];
}

/** A run needs time to run (spec section 5: time must exceed 0). */
function programmeLimits(): Limit[] {
  return [
    limit({
      id: 'time_positive',
      keys: ['duration'],
      min: 1,
      when: { key: 'play', eq: 1 },
      error: 'limit.time_zero',
      source: 'given',
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
