import type { IrCode, IrProtocol } from './protocols.ts';

/**
 * The shapes of the remote catalogue and the helpers its files build entries with. Every number in
 * the catalogue is a protocol fact or a maker's published code, never a copy of a code database:
 * each brand's `source` says where its numbers come from (decision 043).
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
  /** Explicit and stable: users' remotes store it, so an id is never reused or renumbered. */
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

/** Category ids, named so the catalogue files read as what they are. */
export const CATEGORY = {
  tv: 1,
  air_conditioner: 2,
  set_top_box: 3,
  projector: 4,
  audio: 5,
  fan: 6,
} as const satisfies Record<RemoteCategory['key'], number>;

export const REMOTE_CATEGORIES: RemoteCategory[] = [
  { id: CATEGORY.tv, key: 'tv', name: 'TV' },
  { id: CATEGORY.air_conditioner, key: 'air_conditioner', name: 'Air conditioner' },
  { id: CATEGORY.set_top_box, key: 'set_top_box', name: 'Set-top box' },
  { id: CATEGORY.projector, key: 'projector', name: 'Projector' },
  { id: CATEGORY.audio, key: 'audio', name: 'Audio' },
  { id: CATEGORY.fan, key: 'fan', name: 'Fan' },
];

/** RC5 and RC6 codes carry their toggle bit; the catalogue's is 0 and a sender flips it per press. */
export const code =
  (protocol: IrProtocol, address: number) =>
  (command: number): IrCode =>
    protocol === 'RC5' || protocol === 'RC6'
      ? { protocol, address, command, toggle: 0 }
      : { protocol, address, command };
export type Maker = ReturnType<typeof code>;

export const buttons = (make: Maker, table: Record<string, number>): RemoteButton[] =>
  Object.entries(table).map(([name, command]) => ({ name, code: make(command) }));

/** `digits([c0, c1, … c9])`: digit_0 is the first command, digit_9 the last. */
export const digits = (numbers: number[]) => Object.fromEntries(numbers.map((n, i) => [`digit_${i}`, n]));

/** The RC5 digit commands: digit n is command n. */
export const RC5_DIGITS = digits([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);

export interface RemoteEntry {
  id: number;
  brandId: number;
  categoryId: number;
  model: string;
  name: string;
  buttons: RemoteButton[];
  stateDevice?: number;
}

/** One catalogue remote; `stateDevice` makes it a state remote (an air conditioner). */
export const remote = (entry: RemoteEntry): CatalogueRemote => ({
  id: entry.id,
  model: entry.model,
  name: entry.name,
  categoryId: entry.categoryId,
  brandId: entry.brandId,
  kind: entry.stateDevice === undefined ? 'buttons' : 'state',
  buttons: entry.buttons,
  ...(entry.stateDevice === undefined ? {} : { stateDevice: entry.stateDevice }),
});
