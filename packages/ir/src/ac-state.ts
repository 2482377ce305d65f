import type { IrCode } from './protocols.ts';

/**
 * An air conditioner's remote sends its whole state in each frame: power, mode, set temperature and
 * fan speed. Real units use long vendor frames (Panasonic's is 216 bits) whose layouts are not
 * published by their makers, so Hestia carries the state in one standard Kaseikyo (Panasonic
 * protocol) frame of its own layout (decision 043):
 *   device byte   = the model's device number
 *   subdevice     = temperature − 16 (0..14, i.e. 16..30 °C) in the low nibble, fan speed in the high
 *   function byte = power in bit 0, mode in bits 1..3
 */
export const AC_MODES = ['auto', 'cool', 'heat', 'dry', 'fan'] as const;
export type AcMode = (typeof AC_MODES)[number];
export const AC_FANS = ['auto', 'low', 'medium', 'high'] as const;
export type AcFan = (typeof AC_FANS)[number];
export const AC_MIN_C = 16;
export const AC_MAX_C = 30;

export interface AcState {
  power: boolean;
  mode: AcMode;
  temperature: number;
  fan: AcFan;
}

export function acStateProblem(state: AcState): string | null {
  if (typeof state.power !== 'boolean') return 'power must be true or false';
  if (!AC_MODES.includes(state.mode)) return `mode must be one of ${AC_MODES.join(', ')}`;
  if (!AC_FANS.includes(state.fan)) return `fan must be one of ${AC_FANS.join(', ')}`;
  if (!Number.isInteger(state.temperature) || state.temperature < AC_MIN_C || state.temperature > AC_MAX_C)
    return `temperature must be a whole number of degrees from ${AC_MIN_C} to ${AC_MAX_C}`;
  return null;
}

export function acStateCode(device: number, state: AcState): IrCode {
  const sub = (state.temperature - AC_MIN_C) | (AC_FANS.indexOf(state.fan) << 4);
  const command = (state.power ? 1 : 0) | (AC_MODES.indexOf(state.mode) << 1);
  return { protocol: 'Panasonic', address: (device & 0xff) | (sub << 8), command };
}

export function acStateFromCode(code: IrCode): { device: number; state: AcState } | null {
  if (code.protocol !== 'Panasonic') return null;
  const sub = code.address >> 8;
  const temperature = (sub & 0x0f) + AC_MIN_C;
  const fan = AC_FANS[sub >> 4];
  const mode = AC_MODES[(code.command >> 1) & 0x07];
  if (!fan || !mode || temperature > AC_MAX_C || code.command >> 4 !== 0) return null;
  return { device: code.address & 0xff, state: { power: (code.command & 1) === 1, mode, temperature, fan } };
}
