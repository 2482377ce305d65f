import { describe, expect, it } from 'vitest';
import { getProfile } from '../../profiles.ts';
import { evaluate } from '../../rules.ts';
import { createSimDevice } from '../../simulate.ts';

const fridge = (id: string) => {
  const p = getProfile(id);
  if (!p) throw new Error(id);
  return createSimDevice(p);
};
const refused = (code: string) => expect.objectContaining({ code });

describe('refrigerator rules (issue 19, spec section 5)', () => {
  it('fast freeze or cool and eco exclude each other, both ways, on the device', () => {
    const d = fridge('refrigerator-freezer-refrigerator-side-by-side');
    d.write([{ Key: 'supercool', Value: 1 }]);
    expect(() => d.write([{ Key: 'economic', Value: 1 }])).toThrow(refused('rule.disable_fast_freeze_eco'));
    d.write([{ Key: 'supercool', Value: 0 }]);
    expect(d.write([{ Key: 'economic', Value: 1 }])).toEqual({ economic: 1 });
    expect(() => d.write([{ Key: 'superfrost', Value: 1 }])).toThrow(refused('rule.disable_fast_freeze_eco'));
    // Turning a mode off is never refused.
    expect(evaluate(d.profile, d.values, [{ Key: 'supercool', Value: 0 }])).toBeNull();
  });

  it('test mode holds the setpoints; a fridge without a freezer has no super freeze', () => {
    const d = fridge('refrigerator-combi-generic-bottom-freezer');
    d.write([{ Key: 'test_mode', Value: 1 }]);
    expect(() => d.write([{ Key: 'fridge_setpoint', Value: 5 }])).toThrow(refused('rule.test_mode'));
    expect(() => d.write([{ Key: 'freezer_setpoint', Value: -20 }])).toThrow(refused('rule.test_mode'));
    const only = fridge('refrigerator-only-single-door');
    expect(only.profile.keys.some((k) => k.key === 'superfrost')).toBe(false);
  });
});
