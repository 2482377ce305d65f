import type { KeyDef } from './types.ts';

/** `count` relays `relay_1..relay_n`, written together in one register group. */
export function relays(count: number): KeyDef[] {
  return Array.from({ length: count }, (_, i) => ({
    key: `relay_${i + 1}`,
    kind: 'boolean',
    access: 'rw',
    group: 'relays',
    title: `keys.relay_${i + 1}`,
    sim: { type: 'state', initial: 0 },
  }));
}

export const beep: KeyDef = {
  key: 'beep_status',
  kind: 'boolean',
  access: 'rw',
  group: 'settings',
  title: 'keys.beep_status',
  sim: { type: 'state', initial: 1 },
};

/** Power, voltage and current reported every `everyMs` for a load of `watts` on `when`. */
export function powerMeter(when: string[], watts: number, everyMs = 5000): KeyDef[] {
  return [
    {
      key: 'power',
      kind: 'number',
      access: 'r',
      unit: 'W',
      min: 0,
      max: 4000,
      title: 'keys.power',
      sim: { type: 'power', when, watts, everyMs },
    },
    {
      key: 'voltage',
      kind: 'number',
      access: 'r',
      unit: 'V',
      min: 0,
      max: 300,
      title: 'keys.voltage',
      sim: { type: 'voltage', nominal: 220 },
    },
    {
      key: 'current',
      kind: 'number',
      access: 'r',
      unit: 'A',
      min: 0,
      max: 20,
      title: 'keys.current',
      sim: { type: 'current', power: 'power', voltage: 'voltage' },
    },
  ];
}

/** One curtain motor: position in percent, a setpoint and open, close and pause requests. */
export function curtainChannel(): KeyDef[] {
  const request = (key: string): KeyDef => ({
    key,
    kind: 'enum',
    values: [1],
    access: 'w',
    group: 'curtain',
    title: `keys.${key}`,
  });
  return [
    {
      key: 'curtain_percentage',
      kind: 'number',
      access: 'r',
      unit: '%',
      min: 0,
      max: 100,
      title: 'keys.curtain_percentage',
      sim: {
        type: 'travel',
        setpoint: 'positionsetpoint',
        open: 'open_request_1',
        close: 'close_request_1',
        pause: 'pause_request_1',
        percentPerSecond: 20,
        initial: 0,
      },
    },
    {
      key: 'positionsetpoint',
      kind: 'number',
      access: 'w',
      unit: '%',
      min: 0,
      max: 100,
      step: 1,
      group: 'curtain',
      title: 'keys.positionsetpoint',
    },
    request('open_request_1'),
    request('close_request_1'),
    request('pause_request_1'),
  ];
}
