import type { ButtonBody } from './data.ts';

/** The carrier a learned raw frame is sent on: the blaster reports the timings only, and 38 kHz is the usual one. */
export const RAW_CARRIER_HZ = 38_000;

/**
 * What the blaster learned, from its `code` key: `{"protocol","address","command"}` when it decoded
 * the frame, `{"raw": timings}` when no protocol fits. Anything else is not a learned button.
 */
export function learnedButton(name: string, value: unknown): ButtonBody | null {
  let v: unknown = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return null;
    }
  }
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  if (Array.isArray(o.raw) && o.raw.length > 0 && o.raw.every((d) => typeof d === 'number'))
    return { name, raw: { carrierHz: RAW_CARRIER_HZ, timings: o.raw as number[] } };
  if (typeof o.protocol === 'string' && Number.isInteger(o.address) && Number.isInteger(o.command))
    return {
      name,
      code: { protocol: o.protocol, address: o.address as number, command: o.command as number },
    };
  return null;
}
