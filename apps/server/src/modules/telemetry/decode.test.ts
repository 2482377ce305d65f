import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeMessage, LIMITS } from './decode.ts';

const NOW = Date.UTC(2026, 10, 25);

describe('decodeMessage', () => {
  it("takes ThingsBoard's shapes: plain, with ts, and arrays of either", () => {
    expect(decodeMessage('{"a":1,"b":true,"c":"x"}', NOW)).toEqual({
      ok: true,
      readings: [{ ts: NOW, stamped: true, values: { a: 1, b: true, c: 'x' } }],
    });
    const ts = NOW - 1000;
    expect(decodeMessage(JSON.stringify([{ ts, values: { a: 1 } }, { b: 2 }]), NOW)).toEqual({
      ok: true,
      readings: [
        { ts, stamped: false, values: { a: 1 } },
        { ts: NOW, stamped: true, values: { b: 2 } },
      ],
    });
  });

  it('keeps JSON values as JSON and strings as the exact text sent', () => {
    const d = decodeMessage(JSON.stringify({ obj: { x: [1, { y: null }] }, s: '{"x":1}', t: 'true' }), NOW);
    expect(d).toEqual({
      ok: true,
      readings: [
        { ts: NOW, stamped: true, values: { obj: { x: [1, { y: null }] }, s: '{"x":1}', t: 'true' } },
      ],
    });
  });

  it.each([
    ['a fractional ts', '{"ts":1795459000000.5,"values":{"a":1}}', /integer/],
    ['a huge ts', '{"ts":1e20,"values":{"a":1}}', /integer|ahead/],
    ['a ts before 2000', '{"ts":100,"values":{"a":1}}', /2000/],
    ['a ts more than a day ahead', JSON.stringify({ ts: NOW + 2 * 86_400_000, values: { a: 1 } }), /ahead/],
    ['a null value', '{"a":null}', /null/],
    ['an infinite number', '{"a":1e999}', /finite/],
    ['a NUL character', JSON.stringify({ a: 'x\u0000y' }), /NUL/],
    ['a lone surrogate', '{"a":"x\\ud800y"}', /Unicode/],
    ['a NUL in a key', JSON.stringify({ 'a\u0000': 1 }), /NUL/],
    ['an empty key', '{"":1}', /keys/],
    ['a key too long', JSON.stringify({ ['k'.repeat(256)]: 1 }), /keys/],
    ['a string too long', JSON.stringify({ a: 'x'.repeat(LIMITS.textBytes + 1) }), /longer/],
    // 40,000 characters, 120,000 bytes: within the payload limit, over the value's.
    [
      'a string too long in UTF-8 bytes',
      JSON.stringify({ a: '€'.repeat(40_000) }),
      /longer than 65536 bytes/,
    ],
    ['JSON too long in UTF-8 bytes', JSON.stringify({ a: ['€'.repeat(30_000)] }), /bytes as JSON/],
    ['JSON nested too deep', `{"a":${'['.repeat(20)}${']'.repeat(20)}}`, /deeper/],
    [
      'too many values',
      JSON.stringify(Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`k${i}`, i]))),
      /more than/,
    ],
    ['a payload too large', JSON.stringify({ a: 'é'.repeat(70_000) }), /larger/],
    ['not JSON', '{"a":', /not JSON/],
    ['a bare number', '42', /object/],
    ['values that are not an object', '{"ts":1795459000000,"values":3}', /values/],
  ])('refuses a message with %s, whole', (_name, payload, reason) => {
    const d = decodeMessage(payload, NOW);
    expect(d.ok).toBe(false);
    if (!d.ok) expect(d.reason).toMatch(reason);
  });

  it("counts a value's length in UTF-8 bytes, up to 64 KiB exactly", () => {
    const fits = (v: unknown) => decodeMessage(JSON.stringify({ a: v }), NOW).ok;
    expect(fits('x'.repeat(65_536))).toBe(true);
    expect(fits('x'.repeat(65_537))).toBe(false);
    // 21,845 × 3 bytes = 65,535: the longest run of € that fits, measured or not.
    expect(fits('€'.repeat(21_845))).toBe(true);
    expect(fits(`${'€'.repeat(21_845)}x`)).toBe(true);
    expect(fits(`${'€'.repeat(21_845)}xy`)).toBe(false);
    // Four bytes (two UTF-16 units) a character.
    expect(fits('𝄞'.repeat(16_384))).toBe(true);
    expect(fits('𝄞'.repeat(16_385))).toBe(false);
    expect(fits({ s: '€'.repeat(21_840) })).toBe(true);
    expect(fits({ s: '€'.repeat(21_845) })).toBe(false);
  });

  it('takes ts without values as an ordinary key, as ThingsBoard does', () => {
    expect(decodeMessage('{"ts":1e20,"temp":1}', NOW)).toEqual({
      ok: true,
      readings: [{ ts: NOW, stamped: true, values: { ts: 1e20, temp: 1 } }],
    });
  });

  it('treats __proto__ as an ordinary key', () => {
    const d = decodeMessage('{"__proto__":{"polluted":1},"a":2}', NOW);
    expect(d.ok).toBe(true);
    if (d.ok) {
      expect(Object.keys(d.readings[0]?.values ?? {})).toEqual(['__proto__', 'a']);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.string({ unit: 'binary' })), (text) => {
        const d = decodeMessage(text, NOW);
        expect(typeof d.ok).toBe('boolean');
      }),
      { numRuns: 2000 },
    );
  });
});
