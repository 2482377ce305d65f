import { BRAND } from './catalogue-brands.ts';
import { buttons, CATEGORY, type CatalogueRemote, code, digits, remote } from './catalogue-model.ts';

const hestia = (address: number) => code('NEC', address);

/**
 * Hestia's own reference remotes, for the simulated fan, projector, set-top box and air conditioner:
 * addresses Hestia assigned (NEC 0xE0-0xE2; the air conditioner's state frame device 0xE3), not a
 * maker's codes.
 */
export const HESTIA_REMOTES: CatalogueRemote[] = [
  remote({
    id: 21,
    brandId: BRAND.hestia,
    categoryId: CATEGORY.fan,
    model: 'HST-FAN',
    name: 'Hestia fan',
    buttons: buttons(hestia(0xe0), { power: 1, speed_up: 2, speed_down: 3, swing: 4, timer: 5 }),
  }),
  remote({
    id: 22,
    brandId: BRAND.hestia,
    categoryId: CATEGORY.projector,
    model: 'HST-PROJ',
    name: 'Hestia projector',
    buttons: buttons(hestia(0xe1), {
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
  }),
  remote({
    id: 23,
    brandId: BRAND.hestia,
    categoryId: CATEGORY.set_top_box,
    model: 'HST-STB',
    name: 'Hestia set-top box',
    buttons: buttons(hestia(0xe2), {
      power: 1,
      ch_up: 2,
      ch_down: 3,
      vol_up: 4,
      vol_down: 5,
      mute: 6,
      ok: 7,
      ...digits([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]),
    }),
  }),
  remote({
    id: 24,
    brandId: BRAND.hestia,
    categoryId: CATEGORY.air_conditioner,
    model: 'HST-AC',
    name: 'Hestia air conditioner',
    buttons: [],
    stateDevice: 0xe3,
  }),
];
