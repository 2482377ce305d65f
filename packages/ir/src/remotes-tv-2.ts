import { BRAND } from './catalogue-brands.ts';
import { buttons, CATEGORY, type CatalogueRemote, code, digits, remote } from './catalogue-model.ts';

const tv = { categoryId: CATEGORY.tv };

/** TV remotes of a third search (ids 53 on), each from its maker's own code list (decision 043). */
export const TV_REMOTES_2: CatalogueRemote[] = [
  remote({
    ...tv,
    id: 55,
    brandId: BRAND.lg,
    model: 'M2794A',
    name: 'LG monitor TV',
    // The M2794A owner's manual, appendix "IR codes": the NEC frame of LG's TV manuals (custom code
    // 0x04, as the LG TV remote, id 12) and its own key table, which adds the teletext, PIP and
    // colour keys. Its table prints no arrow keys, so none are here.
    buttons: buttons(code('NEC', 0x04), {
      power: 0x08,
      input: 0x0b,
      tv_pc: 0x0f,
      mute: 0x09,
      vol_up: 0x02,
      vol_down: 0x03,
      ch_up: 0x00,
      ch_down: 0x01,
      menu: 0x43,
      back: 0x28,
      ok: 0x44,
      list: 0x53,
      q_view: 0x1a,
      fav: 0x1e,
      aspect: 0x79,
      sleep: 0x0e,
      pip: 0x60,
      red: 0x72,
      green: 0x71,
      yellow: 0x63,
      blue: 0x61,
      text: 0x20,
      time: 0x26,
      size: 0x64,
      update: 0x62,
      index: 0x70,
      hold: 0x65,
      reveal: 0x2a,
      mix: 0x24,
      mode: 0x22,
      audio_i_ii: 0x0a,
      ...digits([0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19]),
    }),
  }),
  remote({
    ...tv,
    id: 60,
    brandId: BRAND.lg,
    model: '32PC5DVC',
    name: 'LG plasma TV',
    // The 32PC5DVC owner's manual, appendix: the key code table of the same NEC frame (custom code
    // 0x04). Its arrow rows print LG's arrow glyphs (up, down, left, right) as 40, 41, 07 and 06,
    // the LG TV remote's arrows.
    buttons: buttons(code('NEC', 0x04), {
      power: 0x08,
      input: 0x0b,
      tv: 0x0f,
      timer: 0x0e,
      mute: 0x09,
      vol_up: 0x02,
      vol_down: 0x03,
      ch_up: 0x00,
      ch_down: 0x01,
      up: 0x40,
      down: 0x41,
      left: 0x07,
      right: 0x06,
      ok: 0x44,
      menu: 0x43,
      exit: 0x5b,
      back: 0x1a,
      fav: 0x1e,
      dash: 0x4c,
      adjust: 0xcb,
      sound: 0x52,
      picture: 0x4d,
      sap: 0x0a,
      cc: 0x39,
      ...digits([0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19]),
    }),
  }),
];
