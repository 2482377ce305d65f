import { BRAND } from './catalogue-brands.ts';
import { buttons, CATEGORY, type CatalogueRemote, code } from './catalogue-model.ts';
import { SONY_COMMON } from './remotes-tv.ts';

export const RC5_AUDIO = { power: 12, mute: 13, vol_up: 16, vol_down: 17 };
export const RC5_PLAYER = {
  power: 12,
  play: 53,
  stop: 54,
  pause: 48,
  rewind: 50,
  forward: 52,
  next: 32,
  previous: 33,
};

const audio = (
  id: number,
  brandId: number,
  model: string,
  name: string,
  list: CatalogueRemote['buttons'],
): CatalogueRemote => ({
  id,
  model,
  name,
  categoryId: CATEGORY.audio,
  brandId,
  kind: 'buttons',
  buttons: list,
});

/** Audio remotes from the first catalogue (ids 2-25): RC5/SIRC system numbers and makers' lists. */
export const AUDIO_REMOTES: CatalogueRemote[] = [
  audio(2, BRAND.sony, 'SIRC-AMP', 'Sony amplifier', buttons(code('SIRC12', 18), SONY_COMMON)),
  audio(3, BRAND.sony, 'SIRC-TUNER', 'Sony tuner', buttons(code('SIRC12', 13), SONY_COMMON)),
  audio(4, BRAND.sony, 'SIRC-CD', 'Sony CD player', buttons(code('SIRC12', 17), SONY_COMMON)),
  audio(8, BRAND.philips, 'RC5-PREAMP', 'Philips amplifier', buttons(code('RC5', 16), RC5_AUDIO)),
  audio(
    9,
    BRAND.philips,
    'RC5-TUNER',
    'Philips tuner',
    buttons(code('RC5', 17), { ...RC5_AUDIO, ch_up: 32, ch_down: 33 }),
  ),
  audio(10, BRAND.philips, 'RC5-CD', 'Philips CD player', buttons(code('RC5', 20), RC5_PLAYER)),
  audio(15, BRAND.marantz, 'RC5-AMP', 'Marantz amplifier', buttons(code('RC5', 16), RC5_AUDIO)),
  audio(16, BRAND.marantz, 'RC5-CD', 'Marantz CD player', buttons(code('RC5', 20), RC5_PLAYER)),
  audio(
    20,
    BRAND.primare,
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
  audio(
    25,
    BRAND.kef,
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

export const audioRemote = audio;
