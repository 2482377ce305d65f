import type { IrCode } from './protocols.ts';

/**
 * Kaseikyo (the Japanese AEHA format: 37 kHz, 432 µs unit, 48 bits LSB first): two vendor bytes,
 * three data bytes and their XOR. The vendor codes are the makers' as published in the protocol's
 * descriptions, sent least significant byte first. How the three data bytes carry a code differs:
 * - Panasonic (0x2002) and JVC's 48-bit frame (0x0103): device, subdevice and function bytes;
 *   a code's address is device | subdevice << 8, its command the function.
 * - Denon-K (0x3254): the vendor's parity nibble (the XOR of its four nibbles), a 4-bit genre, a
 *   second 4-bit genre and a 12-bit function; a code's address is genre1 | genre2 << 4 (0..255),
 *   its command the function (0..4095).
 * Other Kaseikyo vendors (Sharp, Mitsubishi...) lay their frames out otherwise and are not here.
 */
export const KASEIKYO_VENDORS = { Panasonic: 0x2002, 'Denon-K': 0x3254, 'JVC-48': 0x0103 } as const;
export type KaseikyoProtocol = keyof typeof KASEIKYO_VENDORS;

export const isKaseikyo = (protocol: string): protocol is KaseikyoProtocol =>
  Object.hasOwn(KASEIKYO_VENDORS, protocol);

/** The XOR of a vendor code's four nibbles, which Denon-K sends first in its data. */
const parityNibble = (vendor: number) => ((vendor >> 12) ^ (vendor >> 8) ^ (vendor >> 4) ^ vendor) & 0xf;

/** The six bytes of a Kaseikyo code's frame, in the order they are sent. */
export function kaseikyoBytes(code: IrCode & { protocol: KaseikyoProtocol }): number[] {
  const vendor = KASEIKYO_VENDORS[code.protocol];
  const data =
    code.protocol === 'Denon-K'
      ? [
          parityNibble(vendor) | ((code.address & 0xf) << 4),
          (code.address >> 4) | ((code.command & 0xf) << 4),
          code.command >> 4,
        ]
      : [code.address & 0xff, code.address >> 8, code.command];
  const [a, b, c] = data as [number, number, number];
  return [vendor & 0xff, vendor >> 8, a, b, c, a ^ b ^ c];
}

/** The code six received bytes carry, or null: an unknown vendor, a broken check or parity. */
export function kaseikyoCode(bytes: number[]): IrCode | null {
  const [v0, v1, a, b, c, check] = bytes as [number, number, number, number, number, number];
  if (check !== (a ^ b ^ c)) return null;
  const vendor = v0 | (v1 << 8);
  const protocol = (Object.keys(KASEIKYO_VENDORS) as KaseikyoProtocol[]).find(
    (p) => KASEIKYO_VENDORS[p] === vendor,
  );
  if (!protocol) return null;
  if (protocol !== 'Denon-K') return { protocol, address: a | (b << 8), command: c };
  if ((a & 0xf) !== parityNibble(vendor)) return null;
  return { protocol, address: (a >> 4) | ((b & 0xf) << 4), command: (b >> 4) | (c << 4) };
}
