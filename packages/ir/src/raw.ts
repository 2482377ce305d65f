import type { IrSignal } from './protocols.ts';

/** The most durations a raw (learned, undecoded) frame may carry; a 216-bit AC frame needs 435. */
export const RAW_MAX_TIMINGS = 512;

/**
 * Why a raw frame (timings learned from a remote whose protocol is not one of these) cannot be sent,
 * or null: 1 to RAW_MAX_TIMINGS durations, an odd count (it starts and ends with a mark), each
 * 10 µs to 100 ms, on a carrier from 30 to 60 kHz.
 */
export function rawProblem(signal: IrSignal): string | null {
  const { carrierHz, timings } = signal;
  if (!Number.isFinite(carrierHz) || carrierHz < 30_000 || carrierHz > 60_000)
    return 'carrierHz must be from 30000 to 60000';
  if (!Array.isArray(timings) || timings.length === 0 || timings.length > RAW_MAX_TIMINGS)
    return `timings must be 1 to ${RAW_MAX_TIMINGS} durations`;
  if (timings.length % 2 === 0) return 'timings must start and end with a mark (an odd count)';
  if (timings.some((d) => !Number.isFinite(d) || d < 10 || d > 100_000))
    return 'each timing must be from 10 to 100000 µs';
  return null;
}
