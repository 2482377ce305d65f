import { BRAND } from './catalogue-brands.ts';
import { buttons, CATEGORY, type CatalogueRemote, code, digits, remote } from './catalogue-model.ts';

const setTopBox = { categoryId: CATEGORY.set_top_box };

/** Set-top box and projector remotes of a fourth search (ids 61 on), each from its maker's own list (decision 043). */
export const VIDEO_REMOTES_2: CatalogueRemote[] = [
  remote({
    ...setTopBox,
    id: 61,
    brandId: BRAND.duneHd,
    model: 'New Remote v1',
    name: 'Dune HD media player',
    // Dune HD's "Remote Control" page, "Dune HD IR codes": NEC, customer code "00 BF", each key
    // written as four bytes in the order they are sent (the command is followed by its inverse,
    // POWER 00 BF 43 BC), so 0x00 goes first, then 0xBF, which is no inverse of 0x00: a 16-bit
    // address, NECext 0xBF00. The page says every non-ATV Dune HD model takes this customer code
    // (newer remotes send CF CF). These are the keys of the big "New Remote v1" (the distributor's
    // copy of the page marks which keys each remote has; the rows after P+ and their marks were
    // read on a reseller's copy of the same list); the v2 remote's REC, DUNE and URL and the small
    // remote's own keys are left out.
    buttons: buttons(code('NECext', 0xbf00), {
      power: 0x43,
      eject: 0x10,
      mute: 0x46,
      mode: 0x45,
      key_a: 0x40,
      key_b: 0x1f,
      key_c: 0x00,
      key_d: 0x41,
      ...digits([0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x01, 0x11, 0x12, 0x13]),
      clear: 0x05,
      select: 0x42,
      vol_up: 0x52,
      vol_down: 0x53,
      ch_up: 0x4b,
      ch_down: 0x4c,
      search: 0x06,
      zoom: 0x02,
      setup: 0x4e,
      up: 0x15,
      down: 0x16,
      left: 0x17,
      right: 0x18,
      ok: 0x14,
      back: 0x04,
      info: 0x50,
      popup_menu: 0x07,
      top_menu: 0x51,
      play: 0x48,
      pause: 0x1e,
      previous: 0x49,
      next: 0x1d,
      stop: 0x19,
      slow: 0x1a,
      rewind: 0x1c,
      forward: 0x1b,
      subtitle: 0x54,
      angle: 0x4d,
      audio: 0x44,
      repeat: 0x4f,
      shuffle: 0x47,
      url: 0x03,
    }),
  }),
  remote({
    ...setTopBox,
    id: 63,
    brandId: BRAND.duneHd,
    model: 'New Small Remote',
    name: 'Dune HD media player (small remote)',
    // The same page and customer code as id 61 (NECext 0xBF00). The small remote shipped with the
    // Dune HD TV-101/301 carries the keys the list marks for no particular remote, read as common
    // to all Dune HD remotes, and the three it marks "small only": REC 55, PLAY/PAUSE 56 and TOP
    // MENU/DUNE 57. The keys marked "big only" or for the v1/v2 big remotes are not on it.
    buttons: buttons(code('NECext', 0xbf00), {
      power: 0x43,
      mute: 0x46,
      key_a: 0x40,
      key_b: 0x1f,
      key_c: 0x00,
      key_d: 0x41,
      ...digits([0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x01, 0x11, 0x12, 0x13]),
      clear: 0x05,
      select: 0x42,
      up: 0x15,
      down: 0x16,
      left: 0x17,
      right: 0x18,
      ok: 0x14,
      back: 0x04,
      info: 0x50,
      popup_menu: 0x07,
      top_menu: 0x51,
      previous: 0x49,
      next: 0x1d,
      stop: 0x19,
      slow: 0x1a,
      forward: 0x1b,
      subtitle: 0x54,
      angle: 0x4d,
      audio: 0x44,
      record: 0x55,
      play_pause: 0x56,
      top_menu_dune: 0x57,
    }),
  }),
];
