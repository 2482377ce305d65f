import type { IrCode } from '@hestia/ir';

/**
 * RC5 and RC6 carry a toggle bit that a real remote flips on each new press: the appliance compares
 * it with the last frame it heard, and the same bit again means "the key is still held" (a second
 * mute is ignored, a digit is not typed twice). So the bit belongs to what the appliance hears from
 * one blaster: it is kept per (blaster, protocol, address), not per user remote, and two remotes of
 * the same TV on one blaster (or the same remote added twice) still alternate.
 *
 * Kept in this server's memory (no migration), with these limits (decision 043):
 * - a press that never left (refused: viewer, offline, firmware floor, the blaster said no) gives
 *   its bit back when no other press took one since, so the next press is still a new one for the
 *   appliance; a press whose answer timed out keeps it (the frame may have gone out);
 * - a server restart starts every address at 0 again, and two server instances each keep their
 *   own: the first press after either may read as a held key (pressing again works);
 * - at most MAX_ENTRIES addresses are kept; the oldest is dropped first (it starts at 0 again).
 */
export class ToggleBits {
  static readonly MAX_ENTRIES = 10_000;
  /** The bit the next press of each key sends; Map order is the order of last use. */
  private readonly next = new Map<string, 0 | 1>();

  static key(deviceId: string, code: IrCode): string {
    return `${deviceId}|${code.protocol}|${code.address}`;
  }

  /** The bit for this press; the next press of the same key gets the other one. */
  take(key: string): 0 | 1 {
    const bit = this.next.get(key) ?? 0;
    this.next.delete(key);
    this.next.set(key, bit === 0 ? 1 : 0);
    if (this.next.size > ToggleBits.MAX_ENTRIES) {
      const oldest = this.next.keys().next().value;
      if (oldest !== undefined) this.next.delete(oldest);
    }
    return bit;
  }

  /** The press that took `bit` did not go out: give the bit back unless another press took one since. */
  giveBack(key: string, bit: 0 | 1): void {
    if (this.next.get(key) === (bit === 0 ? 1 : 0)) this.next.set(key, bit);
  }

  get size(): number {
    return this.next.size;
  }
}
