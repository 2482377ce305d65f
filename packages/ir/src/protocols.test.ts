import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AC_FANS, AC_MODES, acStateCode, acStateFromCode, acStateProblem } from './ac-state.ts';
import {
  codeProblem,
  decode,
  encode,
  IR_PROTOCOLS,
  type IrCode,
  IrCodeError,
  PROTOCOL_FACTS,
  rawProblem,
} from './protocols.ts';

/** Any code the protocol carries, in its one canonical form. */
const codeArb = (protocol: (typeof IR_PROTOCOLS)[number]): fc.Arbitrary<IrCode> => {
  const f = PROTOCOL_FACTS[protocol];
  const toggled = protocol === 'RC5' || protocol === 'RC6';
  return fc
    .record({
      address: fc.integer({ min: 0, max: f.maxAddress }),
      command: fc.integer({ min: 0, max: f.maxCommand }),
      toggle: toggled ? fc.constantFrom<0 | 1>(0, 1) : fc.constant(undefined),
    })
    .map(({ toggle, ...rest }) => ({ protocol, ...rest, ...(toggle === undefined ? {} : { toggle }) }))
    .filter((code) => codeProblem(code) === null);
};

describe('round trips: decode(encode(code)) is the code', () => {
  for (const protocol of IR_PROTOCOLS) {
    it(protocol, () => {
      fc.assert(
        fc.property(codeArb(protocol), (code) => {
          const signal = encode(code);
          expect(signal.carrierHz).toBe(PROTOCOL_FACTS[protocol].carrierHz);
          expect(signal.timings.length % 2).toBe(1); // starts and ends with a mark
          expect(decode(signal)).toEqual(code);
        }),
        { numRuns: 300 },
      );
    });

    it(`${protocol} survives ±15 % jitter on every duration, as a receiver measures it`, () => {
      fc.assert(
        fc.property(
          codeArb(protocol),
          fc.array(fc.double({ min: 0.85, max: 1.15, noNaN: true }), { minLength: 120, maxLength: 120 }),
          (code, jitter) => {
            const timings = encode(code).timings.map((d, i) =>
              Math.round(d * (jitter[i % jitter.length] as number)),
            );
            expect(decode(timings)).toEqual(code);
          },
        ),
        { numRuns: 200 },
      );
    });
  }
});

describe('published timing facts', () => {
  it('NEC: 38 kHz, 9 ms leader, 4.5 ms space, 562.5 µs unit, 32 bits LSB first with inverses, stop mark', () => {
    const { carrierHz, timings: t } = encode({ protocol: 'NEC', address: 0x04, command: 0x08 });
    expect(carrierHz).toBe(38_000);
    expect(t.slice(0, 2)).toEqual([9000, 4500]);
    expect(t).toHaveLength(2 + 64 + 1);
    // address 0x04 LSB first: 0,0,1,0,0,0,0,0; its inverse 0xFB: 1,1,0,1,1,1,1,1
    const spaces = t.filter((_, i) => i >= 3 && i % 2 === 1);
    const bits = spaces.map((s) => (s === 1687.5 ? 1 : s === 562.5 ? 0 : -1));
    expect(bits.slice(0, 16)).toEqual([0, 0, 1, 0, 0, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 1]);
    // command 0x08 then 0xF7
    expect(bits.slice(16)).toEqual([0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1]);
    expect(t.filter((_, i) => i >= 2 && i % 2 === 0).every((m) => m === 562.5)).toBe(true);
    // a whole NEC frame of data lasts 67.5 ms (every byte and its inverse: 16 ones, 16 zeros)
    expect(t.reduce((a, b) => a + b, 0)).toBe(9000 + 4500 + 16 * 2250 + 16 * 1125 + 562.5);
  });

  it('NECext: the NEC frame with a 16-bit address, its own high byte instead of the inverse', () => {
    const t = encode({ protocol: 'NECext', address: 0x1234, command: 1 }).timings;
    expect(t.slice(0, 2)).toEqual([9000, 4500]);
    const bits = t.filter((_, i) => i >= 3 && i % 2 === 1).map((s) => (s > 1000 ? 1 : 0));
    expect(bits.slice(0, 16).reduceRight<number>((v, b) => (v << 1) | b, 0)).toBe(0x1234);
  });

  it('Samsung32 and NECx: 4.5 ms leader mark and 4.5 ms space; Samsung sends its address byte twice', () => {
    const s = encode({ protocol: 'Samsung32', address: 0x07, command: 0x02 }).timings;
    expect(s.slice(0, 2)).toEqual([4480, 4480]);
    expect(s[2]).toBe(560);
    expect(s[3]).toBe(1680);
    const bits = s.filter((_, i) => i >= 3 && i % 2 === 1).map((x) => (x > 1000 ? 1 : 0));
    expect(bits.slice(0, 8)).toEqual(bits.slice(8, 16));
    const x = encode({ protocol: 'NECx', address: 0x0e0f, command: 0x40 }).timings;
    expect(x.slice(0, 2)).toEqual([4500, 4500]);
  });

  it('Sony SIRC: 40 kHz, 2.4 ms header, 600 µs unit, 1 = 1.2 ms mark, 7 command bits then the address, LSB first', () => {
    const { carrierHz, timings: t } = encode({ protocol: 'SIRC12', address: 1, command: 21 }); // TV power
    expect(carrierHz).toBe(40_000);
    expect(t[0]).toBe(2400);
    expect(t).toHaveLength(1 + 12 * 2);
    expect(t.filter((_, i) => i % 2 === 1).every((s) => s === 600)).toBe(true);
    const bits = t.filter((_, i) => i > 0 && i % 2 === 0).map((m) => (m === 1200 ? 1 : m === 600 ? 0 : -1));
    expect(bits).toEqual([1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, 0]); // 21 = 0010101, device 1 = 00001
    expect(encode({ protocol: 'SIRC15', address: 0x97, command: 1 }).timings).toHaveLength(31);
    expect(encode({ protocol: 'SIRC20', address: 0x1a1, command: 1 }).timings).toHaveLength(41);
  });

  it('RC5: 36 kHz, 889 µs half-bits, Manchester (1 = space then mark), 14 bits in 24.9 ms', () => {
    const { carrierHz, timings: t } = encode({ protocol: 'RC5', address: 0, command: 12, toggle: 0 }); // TV standby
    expect(carrierHz).toBe(36_000);
    expect(t.every((d) => d === 889 || d === 1778)).toBe(true);
    // bits: 1 1 0 | 00000 | 001100; the first half-bit (a space) and, as the last bit is 0, the last
    // (a space) are idle line, so the frame shows 26 of its 28 halves
    const halves = t.reduce((a, d) => a + d / 889, 0);
    expect(halves).toBe(26);
    expect(t.slice(0, 4)).toEqual([889, 889, 1778, 889]);
    expect(
      encode({ protocol: 'RC5', address: 0, command: 13 }).timings.reduce((a, d) => a + d / 889, 0),
    ).toBe(27);
    const toggled = encode({ protocol: 'RC5', address: 0, command: 12, toggle: 1 }).timings;
    expect(toggled).not.toEqual(t);
  });

  it('RC6 mode 0: 36 kHz, 444 µs unit, 2.666 ms leader and 889 µs space, double-length toggle bit', () => {
    const { carrierHz, timings: t } = encode({ protocol: 'RC6', address: 0, command: 0x0c, toggle: 0 });
    expect(carrierHz).toBe(36_000);
    expect(t[0]).toBe(6 * 444);
    expect(t[1]).toBe(2 * 444);
    expect(t[2]).toBe(444); // the start bit's mark
    expect(t.reduce((a, d) => a + d, 0) / 444).toBeGreaterThanOrEqual(51);
  });

  it('Panasonic (Kaseikyo): 37 kHz, 3456 µs header mark, 1728 µs space, 432 µs unit, 48 bits with vendor 0x2002 and an XOR check', () => {
    const { carrierHz, timings: t } = encode({ protocol: 'Panasonic', address: 0x0080, command: 0x3d });
    expect(carrierHz).toBe(37_000);
    expect(t.slice(0, 2)).toEqual([3456, 1728]);
    expect(t).toHaveLength(2 + 96 + 1);
    const bits = t.filter((_, i) => i >= 3 && i % 2 === 1).map((s) => (s === 1296 ? 1 : s === 432 ? 0 : -1));
    const bytes = Array.from({ length: 6 }, (_, k) =>
      bits.slice(k * 8, k * 8 + 8).reduceRight<number>((v, b) => (v << 1) | b, 0),
    );
    expect(bytes).toEqual([0x02, 0x20, 0x80, 0x00, 0x3d, 0x80 ^ 0x3d]);
  });

  it('other Kaseikyo vendors: JVC 0x0103 with device, subdevice, function; Denon 0x3254 with parity, genres and a 12-bit function', () => {
    const bytesOf = (code: IrCode) => {
      const t = encode(code).timings;
      const bits = t.filter((_, i) => i >= 3 && i % 2 === 1).map((s) => (s === 1296 ? 1 : 0));
      return Array.from({ length: 6 }, (_, k) =>
        bits.slice(k * 8, k * 8 + 8).reduceRight<number>((v, b) => (v << 1) | b, 0),
      );
    };
    expect(bytesOf({ protocol: 'JVC-48', address: 0x1234, command: 0x56 })).toEqual([
      0x03,
      0x01,
      0x34,
      0x12,
      0x56,
      0x34 ^ 0x12 ^ 0x56,
    ]);
    // Denon-K genre1 4, genre2 1, function 0x123: parity nibble 0 (5^4^3^2), then 4, then 1 | 3 << 4, then 0x12.
    const denon = bytesOf({ protocol: 'Denon-K', address: 0x14, command: 0x123 });
    expect(denon).toEqual([0x54, 0x32, 0x40, 0x31, 0x12, 0x40 ^ 0x31 ^ 0x12]);
    expect(encode({ protocol: 'Denon-K', address: 0x14, command: 0x123 }).carrierHz).toBe(37_000);
  });

  it('a Kaseikyo frame of an unknown vendor, or with a broken Denon parity nibble, is no code', () => {
    const frame = (bytes: number[]) => [
      3456,
      1728,
      ...bytes.flatMap((b) => Array.from({ length: 8 }, (_, i) => [432, (b >> i) & 1 ? 1296 : 432]).flat()),
      432,
    ];
    const sharp = [0xaa, 0x5a, 0x01, 0x02, 0x03, 0x01 ^ 0x02 ^ 0x03];
    expect(decode(frame(sharp))).toBeNull();
    const badParity = [0x54, 0x32, 0x41, 0x31, 0x12, 0x41 ^ 0x31 ^ 0x12];
    expect(decode(frame(badParity))).toBeNull();
    expect(decode(frame([0x54, 0x32, 0x40, 0x31, 0x12, 0x40 ^ 0x31 ^ 0x12]))).toEqual({
      protocol: 'Denon-K',
      address: 0x14,
      command: 0x123,
    });
  });
});

describe('refusals and non-codes', () => {
  it('names what is wrong with a code', () => {
    expect(() => encode({ protocol: 'SIRC12', address: 32, command: 1 })).toThrow(IrCodeError);
    expect(codeProblem({ protocol: 'SIRC12', address: 32, command: 1 })).toMatch(
      /address must be .* 0 to 31/,
    );
    expect(codeProblem({ protocol: 'NEC', address: 1, command: 256 })).toMatch(/command/);
    expect(codeProblem({ protocol: 'NEC', address: 1.5, command: 1 })).toMatch(/whole number/);
    expect(codeProblem({ protocol: 'XMP' as never, address: 1, command: 1 })).toMatch(
      /unsupported IR protocol 'XMP'/,
    );
    expect(codeProblem({ protocol: 'NECext', address: 0xfe01, command: 1 })).toMatch(/NEC address 1$/);
    expect(codeProblem({ protocol: 'NEC', address: 0x100, command: 1 })).toMatch(/0 to 255/);
    expect(codeProblem({ protocol: 'NECx', address: 0x0707, command: 1 })).toMatch(/Samsung32/);
  });

  it('decodes noise, truncated frames and broken checks to null', () => {
    expect(decode([])).toBeNull();
    expect(decode([100, 200, 300])).toBeNull();
    const nec = encode({ protocol: 'NEC', address: 4, command: 8 }).timings;
    expect(decode(nec.slice(0, -2))).toBeNull();
    const broken = [...nec];
    broken[3 + 2 * 31] = broken[3 + 2 * 31] === 562.5 ? 1687.5 : 562.5; // flip the last inverse bit
    expect(decode(broken)).toBeNull();
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 50, max: 20_000 }), { minLength: 1, maxLength: 120 }), (t) => {
        const code = decode(t);
        if (code) expect(encode(code).timings.length).toBe(t.length); // anything decoded is a whole frame
      }),
    );
  });
});

describe('raw frames', () => {
  it('names what is wrong with a learned frame', () => {
    const ok = { carrierHz: 38_000, timings: [9000, 4500, 560] };
    expect(rawProblem(ok)).toBeNull();
    expect(rawProblem({ ...ok, carrierHz: 1000 })).toMatch(/carrierHz/);
    expect(rawProblem({ ...ok, timings: [9000, 4500] })).toMatch(/odd count/);
    expect(rawProblem({ ...ok, timings: [] })).toMatch(/1 to 512/);
    expect(rawProblem({ ...ok, timings: [9000, -1, 560] })).toMatch(/10 to 100000/);
  });
});

describe('air-conditioner state frames', () => {
  it('carry power, mode, temperature and fan in one frame, and come back from the timings', () => {
    const arb = fc.record({
      power: fc.boolean(),
      mode: fc.constantFrom(...AC_MODES),
      temperature: fc.integer({ min: 16, max: 30 }),
      fan: fc.constantFrom(...AC_FANS),
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 255 }), arb, (device, state) => {
        const decoded = decode(encode(acStateCode(device, state)));
        expect(decoded && acStateFromCode(decoded)).toEqual({ device, state });
      }),
    );
    expect(acStateProblem({ power: true, mode: 'cool', temperature: 31, fan: 'low' })).toMatch(/16 to 30/);
  });
});
