import type { IrCode, IrProtocol } from './protocols.ts';

/**
 * The remote catalogue Hestia ships. Every number here is a protocol fact, not a copy of a code
 * database: where each brand's numbers come from is in `source` and in decision 043. A brand whose
 * codes no published protocol description gives is not here; Hestia's own reference remotes (for
 * the simulated fan, projector, set-top box and air conditioner) say so in their source.
 */
export interface RemoteCategory {
  id: number;
  key: 'tv' | 'air_conditioner' | 'set_top_box' | 'projector' | 'audio' | 'fan';
  name: string;
}

export interface RemoteBrand {
  id: number;
  name: string;
  source: string;
}

export interface RemoteButton {
  /** A stable key the screens draw from: power, mute, vol_up, ch_down, digit_0..digit_9, up, ok... */
  name: string;
  code: IrCode;
}

export interface CatalogueRemote {
  id: number;
  model: string;
  name: string;
  categoryId: number;
  brandId: number;
  /** Button remotes send one code a button; state remotes (air conditioners) send the whole state. */
  kind: 'buttons' | 'state';
  buttons: RemoteButton[];
  /** State remotes: the device byte of their state frame (see ac-state.ts). */
  stateDevice?: number;
}

export const REMOTE_CATEGORIES: RemoteCategory[] = [
  { id: 1, key: 'tv', name: 'TV' },
  { id: 2, key: 'air_conditioner', name: 'Air conditioner' },
  { id: 3, key: 'set_top_box', name: 'Set-top box' },
  { id: 4, key: 'projector', name: 'Projector' },
  { id: 5, key: 'audio', name: 'Audio' },
  { id: 6, key: 'fan', name: 'Fan' },
];

const SIRC_DOC =
  'Sony SIRC: the SIRCS/Control-S device numbers (1 TV, 13 tuner, 17 CD, 18 surround amplifier) and function numbers';
const RC5_DOC =
  'Philips RC5: the RC5 system list (0 TV, 8 satellite, 16 preamplifier, 17 tuner, 20 CD) and command list';
export const REMOTE_BRANDS: RemoteBrand[] = [
  { id: 1, name: 'Sony', source: SIRC_DOC },
  { id: 2, name: 'Philips', source: `${RC5_DOC}; RC6 mode 0 address 0 (TV) with the same command numbers` },
  {
    id: 3,
    name: 'Samsung',
    source:
      "Samsung32: TV address 7; navigation, menu, enter and exit key values as in Samsung's published TV control tables",
  },
  {
    id: 4,
    name: 'LG',
    source:
      "NEC: custom code 0x04 and the key codes of LG's owner's manuals (appendix 'IR codes', NEC format)",
  },
  {
    id: 5,
    name: 'Panasonic',
    source: 'Kaseikyo: Panasonic vendor 0x2002, TV device 128, documented key numbers',
  },
  {
    id: 6,
    name: 'Toshiba',
    source: 'NEC: TV address 64 and its key numbers as documented for the NEC protocol',
  },
  { id: 7, name: 'Marantz', source: `${RC5_DOC} (Marantz audio uses the RC5 system numbers)` },
  {
    id: 8,
    name: 'Hestia',
    source:
      "Hestia's own reference remotes: addresses assigned by Hestia (NEC 0xE0-0xE3), not a maker's codes",
  },
  {
    id: 9,
    name: 'InFocus',
    source:
      "InFocus's published 'IR Codes' sheets: NEC protocol, customer code 0x4E87 (read as sent: 0x4E then 0x87), key codes power on 0x3A, off 0x39, toggle 0x17, help 0x0A, source info 0x7C",
  },
  {
    id: 10,
    name: 'Sanyo',
    source:
      "Sanyo's projector IR command lists (PLC-ZM5000, PLC-HP7000L): NEC format, custom code 33h+00h (code 1), their data codes",
  },
  {
    id: 11,
    name: 'Runco',
    source: "Runco's D-113d manual: the RC5 control codes of the DHD controller at its default address 17",
  },
  {
    id: 12,
    name: 'Primare',
    source:
      "Primare's I20 remote command list: RC5 address 20, standby 12, mute 49, volume 16/17, input 30/31",
  },
  {
    id: 13,
    name: 'KEF',
    source:
      "KEF's owner's manuals (LS50 Wireless II, LSX II), 'IR Command Codes': NEC format, factory code 0x01, their function codes",
  },
];

/** RC5 and RC6 codes carry their toggle bit; the catalogue's is 0 and a sender flips it per press. */
const code =
  (protocol: IrProtocol, address: number) =>
  (command: number): IrCode =>
    protocol === 'RC5' || protocol === 'RC6'
      ? { protocol, address, command, toggle: 0 }
      : { protocol, address, command };
type Maker = ReturnType<typeof code>;
const buttons = (make: Maker, table: Record<string, number>): RemoteButton[] =>
  Object.entries(table).map(([name, command]) => ({ name, code: make(command) }));
const digits = (numbers: number[]) => Object.fromEntries(numbers.map((n, i) => [`digit_${i}`, n]));

/** The TV key numbers RC5 system 0 and RC6 address 0 share. */
const PHILIPS_TV = {
  power: 12,
  mute: 13,
  vol_up: 16,
  vol_down: 17,
  ch_up: 32,
  ch_down: 33,
  ...digits([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
};
const RC5_AUDIO = { power: 12, mute: 13, vol_up: 16, vol_down: 17 };
const RC5_PLAYER = {
  power: 12,
  play: 53,
  stop: 54,
  pause: 48,
  rewind: 50,
  forward: 52,
  next: 32,
  previous: 33,
};
const SONY_COMMON = { power: 21, mute: 20, vol_up: 18, vol_down: 19 };

let nextId = 1;
const remote = (
  brandId: number,
  categoryId: number,
  model: string,
  name: string,
  list: RemoteButton[],
  extra: Partial<CatalogueRemote> = {},
): CatalogueRemote => ({
  id: nextId++,
  model,
  name,
  categoryId,
  brandId,
  kind: 'buttons',
  buttons: list,
  ...extra,
});

const hestia = (address: number) => code('NEC', address);

/** A remote's id is its place in this list and users' remotes store it: append, never reorder or remove. */
export const CATALOGUE_REMOTES: CatalogueRemote[] = [
  remote(
    1,
    1,
    'SIRC-TV',
    'Sony TV',
    buttons(code('SIRC12', 1), {
      ...SONY_COMMON,
      ch_up: 16,
      ch_down: 17,
      input: 37,
      ...digits([9, 0, 1, 2, 3, 4, 5, 6, 7, 8]),
    }),
  ),
  remote(1, 5, 'SIRC-AMP', 'Sony amplifier', buttons(code('SIRC12', 18), SONY_COMMON)),
  remote(1, 5, 'SIRC-TUNER', 'Sony tuner', buttons(code('SIRC12', 13), SONY_COMMON)),
  remote(1, 5, 'SIRC-CD', 'Sony CD player', buttons(code('SIRC12', 17), SONY_COMMON)),
  remote(2, 1, 'RC5-TV', 'Philips TV (RC5)', buttons(code('RC5', 0), PHILIPS_TV)),
  remote(
    2,
    1,
    'RC6-TV',
    'Philips TV (RC6)',
    buttons(code('RC6', 0), {
      ...PHILIPS_TV,
      up: 0x58,
      down: 0x59,
      left: 0x5a,
      right: 0x5b,
      ok: 0x5c,
    }),
  ),
  remote(
    2,
    3,
    'RC5-SAT',
    'Philips satellite receiver',
    buttons(code('RC5', 8), {
      power: 12,
      ch_up: 32,
      ch_down: 33,
      ...digits([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
    }),
  ),
  remote(2, 5, 'RC5-PREAMP', 'Philips amplifier', buttons(code('RC5', 16), RC5_AUDIO)),
  remote(
    2,
    5,
    'RC5-TUNER',
    'Philips tuner',
    buttons(code('RC5', 17), { ...RC5_AUDIO, ch_up: 32, ch_down: 33 }),
  ),
  remote(2, 5, 'RC5-CD', 'Philips CD player', buttons(code('RC5', 20), RC5_PLAYER)),
  remote(
    3,
    1,
    'S32-TV',
    'Samsung TV',
    buttons(code('Samsung32', 7), {
      power: 2,
      source: 1,
      mute: 15,
      vol_up: 7,
      vol_down: 11,
      ch_up: 18,
      ch_down: 16,
      menu: 26,
      up: 96,
      down: 97,
      left: 101,
      right: 98,
      ok: 104,
      exit: 45,
      ...digits([17, 4, 5, 6, 8, 9, 10, 12, 13, 14]),
    }),
  ),
  remote(
    4,
    1,
    'NEC-TV',
    'LG TV',
    buttons(code('NEC', 4), {
      power: 8,
      input: 11,
      mute: 9,
      vol_up: 2,
      vol_down: 3,
      ch_up: 0,
      ch_down: 1,
      menu: 67,
      up: 64,
      down: 65,
      left: 7,
      right: 6,
      ok: 68,
      exit: 0x5b,
      ...digits([16, 17, 18, 19, 20, 21, 22, 23, 24, 25]),
    }),
  ),
  remote(
    5,
    1,
    'KSK-TV',
    'Panasonic TV',
    buttons(code('Panasonic', 0x80), {
      power: 0x3d,
      mute: 0x32,
      vol_up: 0x20,
      vol_down: 0x21,
      ch_up: 0x34,
      ch_down: 0x35,
    }),
  ),
  remote(
    6,
    1,
    'NEC-TV',
    'Toshiba TV',
    buttons(code('NEC', 0x40), {
      power: 0x12,
      mute: 0x10,
      vol_up: 0x1a,
      vol_down: 0x1e,
      ch_up: 0x1b,
      ch_down: 0x1f,
      ...digits([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]),
    }),
  ),
  remote(7, 5, 'RC5-AMP', 'Marantz amplifier', buttons(code('RC5', 16), RC5_AUDIO)),
  remote(7, 5, 'RC5-CD', 'Marantz CD player', buttons(code('RC5', 20), RC5_PLAYER)),
  remote(
    9,
    4,
    'IN5148HD',
    'InFocus projector',
    buttons(code('NECext', 0x874e), {
      power: 0x17,
      power_on: 0x3a,
      power_off: 0x39,
      help: 0x0a,
      source_info: 0x7c,
    }),
  ),
  remote(
    10,
    4,
    'PLC-ZM5000',
    'Sanyo projector',
    buttons(code('NECext', 0x0033), {
      power_on: 0x11,
      power_off: 0x10,
      input: 0x05,
      menu: 0x1c,
      up: 0x8c,
      down: 0x8d,
      left: 0x1e,
      right: 0x1d,
      ok: 0x0f,
      shutter: 0x8b,
    }),
  ),
  remote(
    11,
    4,
    'D-113d',
    'Runco projector',
    buttons(code('RC5', 17), {
      power_off: 2,
      menu: 3,
      ok: 4,
      down: 6,
      left: 7,
      aspect_16_9: 9,
      aspect_4_3: 10,
      exit: 52,
    }),
  ),
  remote(
    12,
    5,
    'I20',
    'Primare amplifier',
    buttons(code('RC5', 20), {
      power: 12,
      mute: 49,
      vol_up: 16,
      vol_down: 17,
      input_next: 30,
      input_previous: 31,
    }),
  ),
  remote(
    8,
    6,
    'HST-FAN',
    'Hestia fan',
    buttons(hestia(0xe0), {
      power: 1,
      speed_up: 2,
      speed_down: 3,
      swing: 4,
      timer: 5,
    }),
  ),
  remote(
    8,
    4,
    'HST-PROJ',
    'Hestia projector',
    buttons(hestia(0xe1), {
      power: 1,
      input: 2,
      menu: 3,
      up: 4,
      down: 5,
      left: 6,
      right: 7,
      ok: 8,
      back: 9,
    }),
  ),
  remote(
    8,
    3,
    'HST-STB',
    'Hestia set-top box',
    buttons(hestia(0xe2), {
      power: 1,
      ch_up: 2,
      ch_down: 3,
      vol_up: 4,
      vol_down: 5,
      mute: 6,
      ok: 7,
      ...digits([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]),
    }),
  ),
  remote(8, 2, 'HST-AC', 'Hestia air conditioner', [], { kind: 'state', stateDevice: 0xe3 }),
  remote(
    13,
    5,
    'LS50W2',
    'KEF wireless speakers',
    buttons(code('NEC', 0x01), {
      power: 0x40,
      power_on: 0x38,
      power_off: 0x3a,
      mute: 0x20,
      vol_up: 0x60,
      vol_down: 0xa0,
      play_pause: 0x18,
      next: 0x52,
      previous: 0xd2,
      input_next: 0x58,
    }),
  ),
];

export interface CategoryBrand {
  /** categoryBrandId: one brand within one category. */
  id: number;
  categoryId: number;
  brandId: number;
}

/** Each (category, brand) pair that has a remote, numbered in catalogue order. */
export const CATEGORY_BRANDS: CategoryBrand[] = (() => {
  const seen = new Map<string, CategoryBrand>();
  for (const r of CATALOGUE_REMOTES) {
    const key = `${r.categoryId}:${r.brandId}`;
    if (!seen.has(key)) seen.set(key, { id: seen.size + 1, categoryId: r.categoryId, brandId: r.brandId });
  }
  return [...seen.values()];
})();
