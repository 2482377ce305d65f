import { describe, expect, it } from 'vitest';
import { boundedJson, jsonDepth, MAX_JSON_BYTES } from './json.ts';

const nested = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

describe('bounded JSON', () => {
  it('counts nesting of objects and arrays, and stops counting past the limit', () => {
    expect(jsonDepth(1)).toBe(0);
    expect(jsonDepth({ a: { b: [1] } })).toBe(3);
    expect(jsonDepth(nested(8))).toBe(8);
    expect(jsonDepth(nested(100_000), 8)).toBe(9);
  });

  it('takes JSON up to 8 deep and 16 KiB, and refuses more with a message', () => {
    const schema = boundedJson();
    expect(schema.safeParse(undefined).success).toBe(true);
    expect(schema.safeParse({ schedule: { repeatType: 1, dayOfWeeks: [1, 2] } }).success).toBe(true);
    expect(schema.safeParse(nested(8)).success).toBe(true);
    const deep = schema.safeParse(nested(10_000));
    expect(deep.success).toBe(false);
    expect(deep.error?.issues[0]?.message).toMatch(/at most 8 levels/);
    const big = schema.safeParse({ text: 'x'.repeat(MAX_JSON_BYTES) });
    expect(big.error?.issues[0]?.message).toMatch(/at most 16 KiB/);
    // Multi-byte characters count as the bytes they take.
    expect(schema.safeParse({ text: 'ی'.repeat(MAX_JSON_BYTES / 2) }).success).toBe(false);
    expect(schema.safeParse({ text: 'ی'.repeat(MAX_JSON_BYTES / 4) }).success).toBe(true);
  });

  it('measures a string holding JSON text as the JSON it holds', () => {
    const schema = boundedJson();
    expect(schema.safeParse(JSON.stringify({ latitude: 1, longitude: 2 })).success).toBe(true);
    expect(schema.safeParse(JSON.stringify(nested(1000))).success).toBe(false);
    expect(schema.safeParse('{not json').success).toBe(true);
  });
});
