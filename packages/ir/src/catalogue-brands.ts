import type { RemoteBrand } from './catalogue-model.ts';

/**
 * The brands and where each one's numbers come from. Ids are explicit and stable; a brand is added
 * with the next id and a source that names the maker's document (or the protocol's published
 * facts), never a code database (LIRC is GPL; IRDB and Flipper collections carry no usable licence).
 */
export const BRAND = {
  sony: 1,
  philips: 2,
  samsung: 3,
  lg: 4,
  panasonic: 5,
  toshiba: 6,
  marantz: 7,
  hestia: 8,
  infocus: 9,
  sanyo: 10,
  runco: 11,
  primare: 12,
  kef: 13,
  yamaha: 14,
  nad: 15,
  linn: 16,
  thule: 17,
  dynaudio: 18,
  roku: 19,
  logitech: 20,
  cambridgeAudio: 21,
  optoma: 22,
  viewsonic: 23,
  healing: 24,
  soniq: 25,
  episode: 26,
  wintal: 27,
  sherbourn: 28,
  hyundai: 29,
  projectiondesign: 30,
  vizio: 31,
  audiocontrol: 32,
  duneHd: 33,
} as const;

const SIRC_DOC =
  'Sony SIRC: the SIRCS/Control-S device numbers (1 TV, 13 tuner, 17 CD, 18 surround amplifier) and function numbers';
const RC5_DOC =
  'Philips RC5: the RC5 system list (0 TV, 8 satellite, 16 preamplifier, 17 tuner, 20 CD) and command list';
/** Microcom's T470 user's manual, part C ("AuxIR device support"), names these devices' codes. */
const T470 = "Microcom's T470 user's manual, part C 'AuxIR device support'";

export const REMOTE_BRANDS: RemoteBrand[] = [
  {
    id: BRAND.sony,
    name: 'Sony',
    source: `${SIRC_DOC}; projectors (VPL): SIRC 15-bit category 0x54, power on 0x2E, off 0x2F, as Sony's support gives them; disc players' discrete power on (46) at SIRC 20-bit device 26, extension 73 (DVP-S7000, DVDO's VP30 manual) and 226 (BDP-S300, Sony's code spreadsheet as quoted on Remote Central)`,
  },
  {
    id: BRAND.philips,
    name: 'Philips',
    source: `${RC5_DOC}; RC6 mode 0 address 0 (TV) with the same command numbers; the Android TV remote's keys from Shenzhen C&D's RF439A specifications, 'Philips RCU Code Table' (RC6 mode 0, custom 0x00)`,
  },
  {
    id: BRAND.samsung,
    name: 'Samsung',
    source:
      "Samsung32: TV address 7; navigation, menu, enter and exit key values as in Samsung's published TV control tables",
  },
  {
    id: BRAND.lg,
    name: 'LG',
    source:
      "NEC: custom code 0x04 and the key codes of LG's owner's manuals (appendix 'IR codes', NEC format); the M2794A monitor TV's, the 32PC5DVC plasma TV's and the 19LC2D LCD TV's own key tables in their manuals' appendices",
  },
  {
    id: BRAND.panasonic,
    name: 'Panasonic',
    source: `Kaseikyo: Panasonic vendor 0x2002, TV device 128 (subdevice 0), the function data of Panasonic support's 'Kaseikyo Format' note for its TVs (Table 1, as quoted on Remote Central); audio device 0xA0 (power 0x3D, volume 0x20/0x21) as ${T470} gives it`,
  },
  {
    id: BRAND.toshiba,
    name: 'Toshiba',
    source: 'NEC: TV address 64 and its key numbers as documented for the NEC protocol',
  },
  { id: BRAND.marantz, name: 'Marantz', source: `${RC5_DOC} (Marantz audio uses the RC5 system numbers)` },
  {
    id: BRAND.hestia,
    name: 'Hestia',
    source:
      "Hestia's own reference remotes: addresses assigned by Hestia (NEC 0xE0-0xE3), not a maker's codes",
  },
  {
    id: BRAND.infocus,
    name: 'InFocus',
    source:
      "InFocus's published 'IR Codes' sheets: NEC protocol, customer code 0x4E87 (read as sent: 0x4E then 0x87), key codes power on 0x3A, off 0x39, toggle 0x17, help 0x0A, source info 0x7C",
  },
  {
    id: BRAND.sanyo,
    name: 'Sanyo',
    source:
      "Sanyo's projector IR command lists (PLC-ZM5000, PLC-HP7000L): NEC format, custom code 33h+00h (code 1), their data codes (the HP7000L's whole named-key list)",
  },
  {
    id: BRAND.runco,
    name: 'Runco',
    source:
      "Runco's D-113d manual, Table 6-2: the RC5 control codes of the DHD controller at its default address 17 (16:9 to OFF); ON (0x3441, command 1) as its VX-8d and LS-10d manuals give it; the LS-10d's NEC remote: default address 0x2011 (0x20 sent first), ON 01 (the manual's worked example)",
  },
  {
    id: BRAND.primare,
    name: 'Primare',
    source:
      "Primare's I20 remote command list: RC5 address 20, standby 12, mute 49, volume 16/17, input 30/31; Primare AB's 'Remote Control Keys' V2.3 (A30.1/I30: standby 1, operate 2, inputs 60-63, 3, 4)",
  },
  {
    id: BRAND.kef,
    name: 'KEF',
    source:
      "KEF's owner's manuals (LS50 Wireless II, LSX II), 'IR Command Codes': NEC format, factory code 0x01, their function codes",
  },
  {
    id: BRAND.yamaha,
    name: 'Yamaha',
    source:
      "Yamaha's published IR code lists for its AV receivers: NEC, custom code 7A; 7A-1D power on, 7A-1E standby, 7A-1A/1B volume, 7A-1C mute; the RX-V1300's extended codes (custom code 7E): main zone power on 7E, off 7F",
  },
  {
    id: BRAND.nad,
    name: 'NAD',
    source:
      "NAD's C 420 owner's manual, 'Remote control codes': NEC format, customer code 877C (read as sent: 0x87 then 0x7C), power 80, on 25, standby C8, enter C5, presets 1-0",
  },
  {
    id: BRAND.linn,
    name: 'Linn',
    source:
      "Linn's 'RC5 Codes' (docs.linn.co.uk): amplifier address 16, digits 0-9, display 11, power 12, mute 13, volume 16/17, balance 26/27, mono 28",
  },
  {
    id: BRAND.thule,
    name: 'Thule Audio',
    source:
      "Thule Audio's RC5 code list (August 2002): amplifier, CD and tuner at system 20, processor at system 16, and their command numbers",
  },
  {
    id: BRAND.dynaudio,
    name: 'Dynaudio',
    source:
      "Dynaudio's Focus XD hex codes (dynaudio.com knowledge base): NEC, custom code 0x00FF, power on 00, off 14, volume 06/04, mute 16, inputs 0C/0D/0E/99",
  },
  {
    id: BRAND.roku,
    name: 'Roku',
    source:
      "Roku's 'SoundBridge IR Specification' (rev. 1.1, 2004): NEC 6121, custom code 6F90 (read as sent: 0x6F then 0x90), its keycodes",
  },
  {
    id: BRAND.logitech,
    name: 'Logitech',
    source:
      "Slim Devices/Logitech 'Remote IR codes' (Squeezebox wiki): NEC unit address 0x6E91 as the remote sends it, the key codes in the remote's internal representation, and which keys the SB/TR, Boom and Touch remotes carry",
  },
  {
    id: BRAND.cambridgeAudio,
    name: 'Cambridge Audio',
    source:
      "Cambridge Audio's 540C v2 code table: NEC system code A0 A0, power on 46, power off 45 (only the discrete power codes were sourced)",
  },
  {
    id: BRAND.optoma,
    name: 'Optoma',
    source:
      "Optoma's EP1080 IR document: customer code 0x524F (0x4F sent first), power 0x40 (only power was sourced)",
  },
  {
    id: BRAND.viewsonic,
    name: 'ViewSonic',
    source:
      "ViewSonic's PJD7400/PJD7383 user manuals, appendix 'IR control table': NEC, bytes 83 F4 then the key code and its inverse",
  },
  {
    id: BRAND.healing,
    name: 'Healing',
    source: `${T470}: Healing HTT894 set-top box, NEC device code 01h F6h, its key codes`,
  },
  {
    id: BRAND.soniq,
    name: 'Soniq',
    source: `${T470}: Soniq LCD TV, NEC device code 72h DDh, its key codes`,
  },
  {
    id: BRAND.episode,
    name: 'Episode',
    source:
      "Snap One's 'Episode Powered Soundbar IR Control Protocol' (ES-PWR-SNDBR-180-BLK): NEC, device address 0x10EF, power toggle 0x0C, mute toggle 0x0D (the codes sourced)",
  },
  {
    id: BRAND.wintal,
    name: 'Wintal',
    source: `${T470}: Wintal STB14HD (the same codes as Healing's HTT898), NEC device code 80h FFh, its key codes`,
  },
  {
    id: BRAND.sherbourn,
    name: 'Sherbourn',
    source:
      "Sherbourn Technologies' PA 2-50 owner's manual, 'IR Remote Control Codes': 16-bit custom NEC style, system 01F6 (read as written: 0x01 sent first), power on 01, off 04, mute 05, volume 0C/0E, inputs 06/0A/09",
  },
  {
    id: BRAND.hyundai,
    name: 'Hyundai',
    source:
      "Hyundai's D405ML public display specifications, 'Remote control key code table': custom code 7788H (0x77 and its inverse), power 80, menu 95, exit 96, source AC, enter 8C, arrows 8D-90",
  },
  {
    id: BRAND.projectiondesign,
    name: 'projectiondesign',
    source:
      "projectiondesign's action! one mkIII supplementary manual, 'Remote keycode map, NEC protocol' (HT version): custom code 20DF (0x20 and its inverse), its key codes",
  },
  {
    id: BRAND.vizio,
    name: 'Vizio',
    source:
      "Vizio technical support's TV key list (for the VF552XVT, quoted on AMX's forum): NEC address 04FB (0x04 and its inverse) for all its TVs, power 08, on 2A, off 25, RGB 98, HDMI 81/82, component 71/72",
  },
  {
    id: BRAND.audiocontrol,
    name: 'AudioControl',
    source:
      "AudioControl's Maestro specifications, Appendix D 'IR Remote Control Codes': standard RC-5, system 16, power on 123, standby 124, toggle 12, mute 13 / on 119 / off 120, volume 16/17, inputs 0-9, arrows 85/86/81/80, select 87, surround modes 106-117",
  },
  {
    id: BRAND.duneHd,
    name: 'Dune HD',
    source:
      "Dune HD's 'Remote Control' page, 'Dune HD IR codes' (dune-hd.com; dunehd-europe.com marks each key's remote; the rows after P+ read on a reseller's copy of the list): NEC, customer code 00 BF (0x00 sent first), every key as its four bytes",
  },
];
