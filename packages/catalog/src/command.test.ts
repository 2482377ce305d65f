import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildWrite, CatalogError } from './command.ts';
import { getProfile } from './profiles.ts';

const twoPole = getProfile('switch-two-pole');
const curtain = getProfile('curtain-single');
if (!twoPole || !curtain) throw new Error('demo profiles missing');

describe('buildWrite', () => {
  it('accepts relay writes and normalises booleans to 0/1', () => {
    expect(
      buildWrite(twoPole, [
        { Key: 'relay_1', Value: true },
        { Key: 'relay_2', Value: '0' },
      ]),
    ).toEqual([
      { Key: 'relay_1', Value: 1 },
      { Key: 'relay_2', Value: 0 },
    ]);
  });

  it.each([
    ['an empty list', [], /empty/],
    ['no list at all', undefined, /empty/],
    ['an unknown key', [{ Key: 'relay_9', Value: 1 }], /Unknown key relay_9/],
    [
      'keys of different register groups',
      [
        { Key: 'relay_1', Value: 1 },
        { Key: 'beep_status', Value: 0 },
      ],
      /same register group/,
    ],
    [
      'a repeated key',
      [
        { Key: 'relay_1', Value: 1 },
        { Key: 'relay_1', Value: 0 },
      ],
      /twice/,
    ],
    ['a relay value of 2', [{ Key: 'relay_1', Value: 2 }], /0 or 1/],
    ['a pair without Value', [{ Key: 'relay_1' }], /\{Key, Value\}/],
  ])('rejects %s', (_name, params, message) => {
    expect(() => buildWrite(twoPole, params)).toThrow(CatalogError);
    expect(() => buildWrite(twoPole, params)).toThrow(message);
  });

  it('rejects writes to read-only keys and out-of-range numbers', () => {
    expect(() => buildWrite(curtain, [{ Key: 'curtain_percentage', Value: 10 }])).toThrow(/read-only/);
    expect(() => buildWrite(curtain, [{ Key: 'positionsetpoint', Value: 101 }])).toThrow(/at most 100/);
    expect(() => buildWrite(curtain, [{ Key: 'positionsetpoint', Value: 'abc' }])).toThrow(/number/);
    expect(buildWrite(curtain, [{ Key: 'positionsetpoint', Value: '40' }])).toEqual([
      { Key: 'positionsetpoint', Value: 40 },
    ]);
  });

  it('accepts every in-range setpoint and refuses every out-of-range one', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (n) => {
        const run = () => buildWrite(curtain, [{ Key: 'positionsetpoint', Value: n }]);
        if (n >= 0 && n <= 100) expect(run()).toEqual([{ Key: 'positionsetpoint', Value: n }]);
        else expect(run).toThrow(CatalogError);
      }),
    );
  });

  it('never accepts an arbitrary key name that the profile does not declare', () => {
    const declared = new Set(twoPole.keys.map((k) => k.key));
    fc.assert(
      fc.property(
        fc.string().filter((s) => !declared.has(s)),
        fc.integer(),
        (key, value) => {
          expect(() => buildWrite(twoPole, [{ Key: key, Value: value }])).toThrow(CatalogError);
        },
      ),
    );
  });
});
