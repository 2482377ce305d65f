import { describe, expect, it } from 'vitest';
import { ToggleBits } from './toggle-bits.ts';

const tv = ToggleBits.key('blaster-1', { protocol: 'RC5', address: 0, command: 12 });

describe('RC5/RC6 toggle bits', () => {
  it('alternate per blaster and address, whatever the command or the user remote', () => {
    const bits = new ToggleBits();
    const mute = ToggleBits.key('blaster-1', { protocol: 'RC5', address: 0, command: 13 });
    expect(mute).toBe(tv);
    expect([bits.take(tv), bits.take(mute), bits.take(tv)]).toEqual([0, 1, 0]);
    // Another blaster, address or protocol is another appliance's last frame.
    expect(bits.take(ToggleBits.key('blaster-2', { protocol: 'RC5', address: 0, command: 12 }))).toBe(0);
    expect(bits.take(ToggleBits.key('blaster-1', { protocol: 'RC5', address: 20, command: 12 }))).toBe(0);
    expect(bits.take(ToggleBits.key('blaster-1', { protocol: 'RC6', address: 0, command: 12 }))).toBe(0);
  });

  it('a press that did not go out gives its bit back, unless another press took one since', () => {
    const bits = new ToggleBits();
    expect(bits.take(tv)).toBe(0);
    const refused = bits.take(tv);
    bits.giveBack(tv, refused);
    expect(bits.take(tv)).toBe(1);
    // Two presses in flight: the first one's refusal must not hand out the second one's bit again.
    const first = bits.take(tv);
    const second = bits.take(tv);
    bits.giveBack(tv, first);
    expect([first, second, bits.take(tv)]).toEqual([0, 1, 0]);
  });

  it('keeps at most MAX_ENTRIES addresses, dropping the one used longest ago', () => {
    const bits = new ToggleBits();
    bits.take(tv);
    for (let i = 0; i < ToggleBits.MAX_ENTRIES; i++) bits.take(`blaster-${i}|NEC|1`);
    expect(bits.size).toBe(ToggleBits.MAX_ENTRIES);
    expect(bits.take(tv)).toBe(0);
  });
});
