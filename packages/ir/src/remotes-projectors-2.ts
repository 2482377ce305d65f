import { BRAND } from './catalogue-brands.ts';
import { buttons, CATEGORY, type CatalogueRemote, code, remote } from './catalogue-model.ts';

const projector = { categoryId: CATEGORY.projector };

/** Projector remotes of a third search (ids 53 on), each from its maker's own code list (decision 043). */
export const PROJECTOR_REMOTES_2: CatalogueRemote[] = [
  remote({
    ...projector,
    id: 56,
    brandId: BRAND.sanyo,
    model: 'PLC-HP7000L',
    name: 'Sanyo home cinema projector',
    // Sanyo's "PLC-HP7000L IR Command List": NEC format, custom code 33h+00h (code 1, the default;
    // 0x33 sent first, as the PLC-ZM5000 remote, id 18). Its numbered keys share other keys' codes
    // (Freeze is 1, D.Zoom 2...), so only the named functions are here; the mouse keys use Sanyo's
    // own mouse frame and are left out.
    buttons: buttons(code('NECext', 0x0033), {
      power_on: 0x11,
      power_off: 0x10,
      shutter: 0x8b,
      input: 0x05,
      input_1: 0x38,
      input_2: 0x39,
      input_3: 0x06,
      menu: 0x1c,
      auto_pc: 0x89,
      up: 0x8c,
      down: 0x8d,
      left: 0x1e,
      right: 0x1d,
      ok: 0x0f,
      p_timer: 0x8a,
      pointer: 0x84,
      screen: 0x82,
      image_select: 0x0d,
      image_adjust: 0x0c,
      freeze: 0x43,
      digital_zoom: 0x88,
      lens_shift: 0x40,
      keystone: 0x5b,
      zoom_in: 0x47,
      zoom_out: 0x46,
      focus_in: 0x4a,
      focus_out: 0x4b,
      info: 0x16,
      filter: 0x1a,
      pip: 0x07,
    }),
  }),
  remote({
    ...projector,
    id: 57,
    brandId: BRAND.runco,
    model: 'LS-10d',
    name: 'Runco projector (NEC remote)',
    // The LS-10d manual, "Using Discrete IR Codes": the DHD Controller takes NEC frames at the
    // default address 0x2011, address byte 1 (0x20) sent first, then 0x11 (no inverse: a 16-bit
    // address, NECext 0x1120); its worked example is the ON key, command 01. Only that key is given.
    buttons: buttons(code('NECext', 0x1120), { power_on: 0x01 }),
  }),
];
