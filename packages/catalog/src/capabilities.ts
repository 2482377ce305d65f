import { choice, onOff, reading, request, setting, status, text } from './keys.ts';
import type { Fragment } from './model.ts';
import type { AddWord, KeyDef } from './types.ts';

/** Capabilities several families share, each a fragment `defineModel` composes. */

/** Relay key names `relay_1..relay_n`. */
export const relayKeys = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => `relay_${i + 1}`);

/** `relay_1..relay_n` packed in the live message's ADD_109 word, one bit per relay. */
export function relayBits(count: number): AddWord[] {
  return relayKeys(count).map((key, i) => ({ key, as: 'bit', word: 'ADD_109', bit: i }));
}

/**
 * `count` relays `relay_1..relay_n`, written together in one register group; a quick toggle and
 * master power drive them. With `bits` they are also reported packed in ADD_109 (wall switches).
 */
export function relays(count: number, o: { bits?: boolean } = {}): Fragment {
  const keys = relayKeys(count).map(
    (key): KeyDef => ({
      key,
      kind: 'boolean',
      access: 'rw',
      group: 'relays',
      title: `keys.${key}`,
      sim: { type: 'state', initial: 0 },
    }),
  );
  return { keys, toggleKeys: relayKeys(count), ...(o.bits ? { addMap: relayBits(count) } : {}) };
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
export function powerMeter(when: string[], watts: number, everyMs = 5000): Fragment {
  const keys: KeyDef[] = [
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
  return { keys };
}

/** One curtain motor: position in percent, a setpoint and open, close and pause requests. */
export function curtainChannel(): Fragment {
  const request = (key: string): KeyDef => ({
    key,
    kind: 'enum',
    values: [1],
    access: 'w',
    group: 'curtain',
    title: `keys.${key}`,
  });
  const keys: KeyDef[] = [
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
  return { keys };
}

/** Touch-panel settings of a wall switch with `count` keys (spec section 3, switches). */
export function touchPanel(count: number): Fragment {
  const out: KeyDef[] = [
    setting('keys_light_intensity_l', 'panel', 0, 100, 20, { unit: '%', source: 'chosen' }),
    setting('keys_light_intensity_h', 'panel', 0, 100, 80, { unit: '%', source: 'chosen' }),
    onOff('wifi_display_status', 'panel', 1),
  ];
  for (let i = 1; i <= count; i++) {
    // 0 off after power loss, 1 on, 2 as before (chosen: the spec names the key only).
    out.push(choice(`relay_memory_mode_${i}`, 'memory', [0, 1, 2], 2, { source: 'chosen' }));
    // Keys 1 to 6 act on tap or hold (spec section 9): 0 tap, 1 hold.
    out.push(choice(`channel_action_mode_${i}`, 'channel_modes', [0, 1], 0, { source: 'chosen' }));
  }
  return { keys: out };
}

/** Board temperature and its user offset. */
export function boardTemperature(): Fragment {
  return {
    keys: [
      reading('temperature', -20, 80, { unit: '°C', initial: 28, source: 'chosen' }),
      setting('temperature_offset', 'panel', -5, 5, 0, { unit: '°C', step: 0.5, source: 'chosen' }),
    ],
  };
}

/**
 * Curtains 1..n of a multi-curtain switch: position, setpoint, requests, enable flag and name per
 * curtain (spec section 3). Per-channel spellings beyond `open_request_1` are chosen.
 */
export function curtainChannels(count: number): Fragment {
  const out: KeyDef[] = [];
  for (let i = 1; i <= count; i++) {
    const g = `curtain_${i}`;
    out.push(
      {
        key: `position_${i}`,
        kind: 'number',
        access: 'r',
        unit: '%',
        min: 0,
        max: 100,
        title: 'keys.position',
        source: 'chosen',
        sim: {
          type: 'travel',
          setpoint: `positionsetpoint_${i}`,
          open: `open_request_${i}`,
          close: `close_request_${i}`,
          pause: `pause_request_${i}`,
          percentPerSecond: 20,
          initial: 0,
        },
      },
      {
        ...setting(`positionsetpoint_${i}`, g, 0, 100, 0, { unit: '%', step: 1, source: 'chosen' }),
        access: 'w',
      },
      request(`open_request_${i}`, g),
      request(`close_request_${i}`, g),
      request(`pause_request_${i}`, g),
      onOff(`curtain_enable_${i}`, 'curtain_config', 1, { source: 'chosen' }),
      text(`curtain_name${i}`, 'rw', `Curtain ${i}`, {}),
    );
    const name = out[out.length - 1];
    if (name) name.group = 'curtain_names';
  }
  return { keys: out };
}

/** The curtain reconfiguration wizard: open, stop, close, stop, then success (spec section 4). */
export function curtainConfig(): Fragment {
  const keys: KeyDef[] = [
    onOff('config_request', 'curtain_config', 0),
    status('config_status', [0, 1, 2, 3, 4, 5, 6], {
      source: 'chosen',
      // 0 idle, 1 opening, 2 stopped, 3 closing, 4 stopped, 5 success, 6 failure.
      sim: {
        type: 'phase',
        runKey: 'config_request',
        phases: [1, 2, 3, 4, 5],
        phaseMs: 3000,
        onEnd: { config_request: 0 },
      },
    }),
  ];
  return { keys };
}

/** Push keys 1..n reporting tap (1) or hold (2) events; 0 idle. Names past key_three_status chosen. */
export function pushKeys(count: number, everyMs: number): Fragment {
  const names = ['one', 'two', 'three', 'four', 'five', 'six'];
  const keys = names.slice(0, count).map((n, i) =>
    status(`key_${n}_status`, [0, 1, 2], {
      ...(i >= 3 ? { source: 'chosen' as const } : {}),
      sim: { type: 'event', everyMs: everyMs * (i + 1), cycle: [1, 0, 2, 0] },
    }),
  );
  return { keys };
}
