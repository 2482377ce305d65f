/**
 * Where each of a remote's buttons sits on the drawn remote (issue 23), from the buttons' names
 * (packages/ir's stable keys: power, vol_up, digit_7, ok, …). Every button lands in exactly one place;
 * a name no group knows goes to `extras`, so a new catalogue button is still drawn and pressable.
 */
export interface Rocker {
  /** The rocker's label key: vol, ch, speed, input. */
  kind: 'vol' | 'ch' | 'speed' | 'input';
  up: string | undefined;
  down: string | undefined;
}

export interface Nav {
  up: string | undefined;
  down: string | undefined;
  left: string | undefined;
  right: string | undefined;
  ok: string | undefined;
}

export interface RemoteLayout {
  /** Power keys, top end of the remote: power, power_on, power_off. */
  power: string[];
  /** Keys of the top row beside power: input, source, mute, … */
  top: string[];
  /** Digits as the pad reads, 1 to 9 then 0; null without any digit. */
  digits: (string | undefined)[] | null;
  rockers: Rocker[];
  nav: Nav | null;
  /** Menu, back, exit, home: around the navigation ring. */
  navKeys: string[];
  media: string[];
  extras: string[];
}

const POWER = ['power', 'power_on', 'power_off'];
const TOP = ['input', 'source', 'source_info', 'mute', 'help'];
const ROCKERS: [Rocker['kind'], string, string][] = [
  ['vol', 'vol_up', 'vol_down'],
  ['ch', 'ch_up', 'ch_down'],
  ['speed', 'speed_up', 'speed_down'],
  ['input', 'input_next', 'input_previous'],
];
const NAV_KEYS = ['menu', 'home', 'back', 'exit'];
const MEDIA = ['previous', 'rewind', 'play', 'play_pause', 'pause', 'stop', 'forward', 'next'];
const PAD = [
  'digit_1',
  'digit_2',
  'digit_3',
  'digit_4',
  'digit_5',
  'digit_6',
  'digit_7',
  'digit_8',
  'digit_9',
];

export function layoutOf(names: readonly string[]): RemoteLayout {
  const has = new Set(names);
  const used = new Set<string>();
  const take = (name: string) => {
    if (!has.has(name) || used.has(name)) return undefined;
    used.add(name);
    return name;
  };
  const takeAll = (list: readonly string[]) => list.flatMap((n) => take(n) ?? []);

  const power = takeAll(POWER);
  const top = takeAll(TOP);
  const anyDigit = [...PAD, 'digit_0'].some((d) => has.has(d));
  const digits = anyDigit ? [...PAD.map(take), undefined, take('digit_0'), undefined] : null;
  const rockers = ROCKERS.flatMap(([kind, up, down]): Rocker[] => {
    const u = take(up);
    const d = take(down);
    return u || d ? [{ kind, up: u, down: d }] : [];
  });
  const navParts = ['up', 'down', 'left', 'right', 'ok'].map(take);
  const nav = navParts.some(Boolean)
    ? { up: navParts[0], down: navParts[1], left: navParts[2], right: navParts[3], ok: navParts[4] }
    : null;
  const navKeys = takeAll(NAV_KEYS);
  const media = takeAll(MEDIA);
  const extras = takeAll(names);
  return { power, top, digits, rockers, nav, navKeys, media, extras };
}

/** The names a learned button may take, so a custom remote is drawn like a real one (irremote-select-button). */
export const STANDARD_BUTTONS: readonly string[] = [
  ...POWER,
  ...TOP,
  ...ROCKERS.flatMap(([, up, down]) => [up, down]),
  'up',
  'down',
  'left',
  'right',
  'ok',
  ...NAV_KEYS,
  ...MEDIA,
  ...PAD,
  'digit_0',
  'swing',
  'timer',
];
