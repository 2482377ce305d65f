import { choice, flag, onOff, range, reading, setting, status } from '../../keys.ts';
import { limit, rule } from '../../rule-kit.ts';
import type { Condition, KeyDef, Limit, Rule } from '../../types.ts';

/** The main cavity's phase (numbering chosen): 0 idle, 1 preheating, 2 cooking, 3 done. */
export const OVEN_PHASE = { idle: 0, preheat: 1, cook: 2, done: 3 } as const;

/**
 * Cooking modes (numbering chosen): 0 none, 1 top and bottom, 2 fan, 3 grill, 4 top + grill,
 * 5 grill + fork motor, 6 defrost, 7 bottom, 8 fan + grill, 9 pizza, 10 eco, 11 steam.
 */
export const MODE = { topBottom: 1, grill: 3, topGrill: 4, grillFork: 5, defrost: 6, steam: 11 } as const;
const MODES = range(0, 11);

/**
 * Program time caps and minimums in minutes. The values are the spec's (section 5); which program
 * carries which value is chosen.
 */
export const PROGRAMS: readonly { program: number; max: number; min?: number }[] = [
  { program: 1, max: 195, min: 20 },
  { program: 2, max: 300, min: 30 },
  { program: 3, max: 600, min: 35 },
  { program: 4, max: 360, min: 40 },
  { program: 5, max: 180, min: 70 },
  { program: 6, max: 59 },
  { program: 7, max: 240, min: 100 },
  { program: 8, max: 150 },
  { program: 9, max: 120 },
  { program: 10, max: 60 },
  { program: 11, max: 90 },
  { program: 12, max: 80 },
];

export interface CavityOptions {
  /** '' for the main cavity, '_2' for the second cavity of a double oven. */
  suffix: string;
  maxElements: number;
  probe: boolean;
  fork: boolean;
}

/** Keys, rules and limits of one oven cavity. */
export function cavity(o: CavityOptions): { keys: KeyDef[]; rules: Rule[]; limits: Limit[] } {
  const s = o.suffix;
  const k = (name: string) => `${name}${s}`;
  const cooking: Condition = { key: k('cooking'), eq: 1 };
  const group = `cooking${s}`;
  const elements = ['top_heater', 'bottom_heater', 'grill_heater', 'circular_heater'].map(k);
  const timeKeys = [k('timer_hour'), k('timer_minute')];
  const errorFlags = [k('sensor_open_error'), k('sensor_short_error')];

  const keys: KeyDef[] = [
    onOff(k('cooking'), group, 0, { source: 'chosen' }),
    choice(k('cooking_mode'), group, MODES, 0),
    choice(k('program_number'), group, range(0, PROGRAMS.length), 0),
    setting(k('setpoint'), group, 50, 250, 180, { unit: '°C', step: 5 }),
    setting(k('timer_hour'), group, 0, 10, 0, { unit: 'h' }),
    setting(k('timer_minute'), group, 0, 59, 0, {
      unit: 'min',
      sim: {
        type: 'countdown',
        unitMs: 60_000,
        hoursKey: k('timer_hour'),
        while: cooking,
        // The main cavity's end is the done event (`phase`); the second cavity only stops.
        onZero: s === '' ? { cooking: 0, phase: OVEN_PHASE.done } : { [k('cooking')]: 0 },
      },
    }),
    reading(k('sensor_temperature'), 0, 300, {
      unit: '°C',
      sim: { type: 'drift', toward: k('setpoint'), perMinute: 15, initial: 25, idle: 25, while: cooking },
    }),
    ...elements.map((e) => onOff(e, `elements${s}`, 0, { source: 'chosen' })),
    onOff(k('convection_fan'), `elements${s}`, 0, { source: 'chosen' }),
    flag(k('cooling_fan'), cooking, { source: 'chosen' }),
    ...errorFlags.map((f) => flag(f, undefined, { source: 'chosen' })),
  ];
  if (s === '') keys.push(ovenPhase(timeKeys));
  if (o.fork) keys.push(onOff(k('fork_motor'), `elements${s}`, 0, { source: 'chosen' }));
  if (o.probe) {
    keys.push(
      setting(k('meat_probe_setpoint'), `probe${s}`, 40, 90, 70, { unit: '°C', source: 'chosen' }),
      reading(k('meat_probe_temperature'), 0, 120, {
        unit: '°C',
        sim: {
          type: 'drift',
          toward: k('meat_probe_setpoint'),
          perMinute: 1,
          initial: 5,
          idle: 5,
          while: cooking,
        },
      }),
    );
  }

  const probeKeys = o.probe ? [k('meat_probe_setpoint')] : [];
  const rules: Rule[] = [
    rule(
      `no_change_while_cooking${s}`,
      cooking,
      [k('setpoint'), ...timeKeys, ...probeKeys],
      'rule.cooking_in_progress',
    ),
    rule(
      `no_start_door_open${s}`,
      { key: 'door', eq: 1 },
      [{ key: k('cooking'), value: 1 }],
      'rule.door_open',
    ),
    rule(
      `no_start_sensor_error${s}`,
      { any: errorFlags.map((f) => ({ key: f, eq: 1 })) },
      [{ key: k('cooking'), value: 1 }],
      'rule.sensor_error',
    ),
    rule(
      `fixed_temperature_programs${s}`,
      { key: k('cooking_mode'), in: [MODE.defrost, MODE.grill, MODE.topGrill, MODE.grillFork] },
      [k('setpoint')],
      'rule.temp_fixed_program',
    ),
    rule(`lock_standby_only${s}`, cooking, [{ key: 'lock', value: 1 }], 'rule.standby_only'),
  ];
  if (o.probe) {
    rules.push(
      rule(
        `no_probe_in_defrost${s}`,
        { key: k('cooking_mode'), eq: MODE.defrost },
        probeKeys,
        'rule.no_probe_in_defrost',
      ),
    );
  }

  const minutes = { keys: timeKeys, weights: [60, 1] };
  const limits: Limit[] = [
    limit({
      id: `time_cap_201_250${s}`,
      ...minutes,
      max: 180,
      when: { key: k('setpoint'), min: 201, max: 250 },
      error: 'limit.time_cap',
      source: 'given',
    }),
    limit({
      id: `time_cap_121_200${s}`,
      ...minutes,
      max: 360,
      when: { key: k('setpoint'), min: 121, max: 200 },
      error: 'limit.time_cap',
      source: 'given',
    }),
    limit({
      id: `time_cap_50_120${s}`,
      ...minutes,
      max: 600,
      when: { key: k('setpoint'), min: 50, max: 120 },
      error: 'limit.time_cap',
      source: 'given',
    }),
    limit({
      id: `time_positive${s}`,
      ...minutes,
      min: 1,
      when: cooking,
      error: 'limit.time_zero',
      source: 'given',
    }),
    limit({
      id: `max_elements${s}`,
      keys: elements,
      max: o.maxElements,
      error: 'limit.max_elements',
      source: 'given',
    }),
    limit({
      id: `top_bottom_90${s}`,
      keys: [k('setpoint')],
      max: 90,
      when: { key: k('cooking_mode'), eq: MODE.topBottom },
      error: 'limit.top_bottom_90',
      source: 'given',
    }),
    ...PROGRAMS.flatMap((p) => {
      const when: Condition = { all: [{ key: k('program_number'), eq: p.program }, cooking] };
      const out: Limit[] = [
        limit({
          id: `program_${p.program}_max${s}`,
          ...minutes,
          max: p.max,
          when,
          error: 'limit.time_cap',
          source: 'chosen',
        }),
      ];
      if (p.min)
        out.push(
          limit({
            id: `program_${p.program}_min${s}`,
            ...minutes,
            min: p.min,
            when,
            error: 'limit.time_min',
            source: 'chosen',
          }),
        );
      return out;
    }),
  ];
  return { keys, rules, limits };
}

/**
 * The main cavity's cooking phase (`OVEN_PHASE`): preheating while the cavity is below its set
 * temperature, then cooking; done when its time ran out (set by the timer's end, kept until the
 * next start); idle again once stopped with time left or given a new time.
 */
function ovenPhase(timeKeys: readonly string[]): KeyDef {
  const cooking: Condition = { key: 'cooking', eq: 1 };
  return status('phase', [OVEN_PHASE.idle, OVEN_PHASE.preheat, OVEN_PHASE.cook, OVEN_PHASE.done], {
    source: 'chosen',
    sim: {
      type: 'cases',
      cases: [
        {
          when: { all: [cooking, { key: 'sensor_temperature', below: 'setpoint' }] },
          value: OVEN_PHASE.preheat,
        },
        { when: cooking, value: OVEN_PHASE.cook },
        { when: { any: timeKeys.map((key) => ({ key, min: 1 })) }, value: OVEN_PHASE.idle },
      ],
    },
  });
}

/** Keys an oven has once, whatever its cavities. */
export function ovenCommon(): { keys: KeyDef[]; rules: Rule[] } {
  return {
    keys: [
      onOff('power', 'power', 1),
      onOff('lock', 'settings', 0),
      onOff('lamp', 'settings', 0),
      setting('alarm', 'settings', 0, 99, 0, { unit: 'min', source: 'chosen' }),
      flag('door', undefined, { source: 'chosen' }),
      choice('save_program', 'programs', range(1, 10), 1, { source: 'chosen' }),
    ],
    rules: [],
  };
}
