import { describe, expect, it } from 'vitest';
import { MAX_REQUEST_ID, requestIds } from './gateway.ts';

describe('command request ids', () => {
  it('wrap from 2^31-1 to 1 and skip the ids still pending for that device only', () => {
    const pending = new Set(['a|1', 'a|2', 'a|4', 'b|5']);
    const next = requestIds((deviceId, id) => pending.has(`${deviceId}|${id}`), MAX_REQUEST_ID - 1);
    expect([next('a'), next('a'), next('a'), next('a'), next('b'), next('a')]).toEqual([
      MAX_REQUEST_ID - 1,
      MAX_REQUEST_ID,
      3,
      5,
      6,
      7,
    ]);
  });

  it('never repeat an id while it is pending, across a wrap, with answers coming back out of order', () => {
    const pending = new Set<number>();
    const next = requestIds((_deviceId, id) => pending.has(id), MAX_REQUEST_ID - 500);
    const window: number[] = [];
    let seed = 7;
    const random = () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    for (let i = 0; i < 5000; i++) {
      const id = next('d');
      expect(Number.isInteger(id) && id >= 1 && id <= MAX_REQUEST_ID).toBe(true);
      expect(pending.has(id)).toBe(false);
      pending.add(id);
      window.push(id);
      // Up to 300 in flight; one of them answers (or times out), not always the oldest.
      if (window.length > 300) {
        const [answered] = window.splice(Math.floor(random() * window.length), 1);
        pending.delete(answered as number);
      }
    }
    // It went round: ids near the top and from 1 again were both handed out.
    expect(window.some((id) => id < 5000)).toBe(true);
  });
});
