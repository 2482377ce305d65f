import { describe, expect, it } from 'vitest';
import { getProfile, profiles } from '../../profiles.ts';
import { holds } from '../../rules.ts';
import { createSimDevice } from '../../simulate.ts';
import { flameStatusCases } from './index.ts';

const stove = (id = 'stove-4-flame-glass') => {
  const p = getProfile(id);
  if (!p) throw new Error(id);
  return createSimDevice(p);
};

describe('stove flame status (issue 19)', () => {
  it('a lit burner reports its flame, one bit per burner', () => {
    const d = stove();
    expect(d.snapshot().flame_status).toBe(0);
    d.write([{ Key: 'power', Value: 1 }]);
    expect(d.snapshot().flame_status).toBe(0);
    expect(d.write([{ Key: 'flame1', Value: 5 }])).toMatchObject({ flame_status: 0b0001 });
    expect(d.write([{ Key: 'flame3', Value: 9 }])).toMatchObject({ flame_status: 0b0101 });
    expect(d.write([{ Key: 'flame4', Value: 1 }])).toMatchObject({ flame_status: 0b1101 });
    expect(d.write([{ Key: 'flame1', Value: 0 }])).toMatchObject({ flame_status: 0b1100 });
  });

  it('no flame burns while the stove is off', () => {
    const d = stove();
    d.write([{ Key: 'flame2', Value: 4 }]);
    expect(d.snapshot().flame_status).toBe(0);
    expect(d.write([{ Key: 'power', Value: 1 }])).toMatchObject({ flame_status: 0b10 });
    expect(d.write([{ Key: 'power', Value: 0 }])).toMatchObject({ flame_status: 0 });
  });

  it('turn off all puts every flame out', () => {
    const d = stove('stove-5-flame-steel');
    d.write([{ Key: 'power', Value: 1 }]);
    d.write([1, 2, 3, 4, 5].map((n) => ({ Key: `flame${n}`, Value: n })));
    expect(d.snapshot().flame_status).toBe(0b11111);
    expect(d.write([{ Key: 'turn_off_all', Value: 1 }])).toMatchObject({
      flame1: 0,
      flame5: 0,
      flame_status: 0,
    });
  });

  it('a gas fault puts the flames out; cleared, the burners light again', () => {
    const d = stove('stove-2-flame-glass');
    d.write([{ Key: 'power', Value: 1 }]);
    d.write([{ Key: 'flame2', Value: 3 }]);
    expect(d.snapshot().flame_status).toBe(0b10);
    expect(d.raise('gas.detected')).toMatchObject({ gas_detected: 1 });
    // The status follows on the device's next step.
    expect(d.tick(1000)).toMatchObject({ flame_status: 0 });
    d.clearErrors();
    expect(d.tick(1000)).toMatchObject({ flame_status: 0b10 });
  });

  it('every combination of burners has exactly one case, and the last case always holds', () => {
    for (const p of profiles.filter((x) => x.family === 'stove')) {
      const flames = p.keys.filter((k) => /^flame\d$/.test(k.key)).map((k) => k.key);
      const cases = flameStatusCases(flames);
      expect(cases).toHaveLength(2 ** flames.length);
      expect(new Set(cases.map((c) => c.value)).size).toBe(2 ** flames.length);
      expect(holds(cases.at(-1)?.when ?? { key: 'x', eq: 1 }, new Map())).toBe(true);
      expect(p.keys.find((k) => k.key === 'flame_status')?.max).toBe(2 ** flames.length - 1);
    }
  });
});
