import { describe, expect, it } from 'vitest';
import { getProfile, profiles } from '../../profiles.ts';
import { createSimDevice } from '../../simulate.ts';
import { GENERATOR_OUTPUT_V } from './index.ts';

const generator = (id = 'generator-5kva') => {
  const p = getProfile(id);
  if (!p) throw new Error(id);
  return createSimDevice(p);
};

describe('generator output (issue 19)', () => {
  it('reports mains voltage while running and 0 V when stopped', () => {
    for (const p of profiles.filter((x) => x.family === 'generator')) {
      const d = createSimDevice(p);
      expect(d.snapshot(), p.id).toMatchObject({ voltage: 0, OUT_Power_status: 0 });
      expect(d.write([{ Key: 'onoff', Value: 1 }]), p.id).toMatchObject({
        voltage: GENERATOR_OUTPUT_V,
        OUT_Power_status: 1,
      });
      expect(d.write([{ Key: 'onoff', Value: 0 }]), p.id).toMatchObject({ voltage: 0, OUT_Power_status: 0 });
    }
    expect(GENERATOR_OUTPUT_V).toBeGreaterThanOrEqual(220);
    expect(GENERATOR_OUTPUT_V).toBeLessThanOrEqual(240);
  });

  it('goes to 0 V when its run timer ends', () => {
    const d = generator();
    d.write([{ Key: 'onoff', Value: 1 }]);
    d.write([{ Key: 'timer', Value: 2 }]);
    expect(d.tick(60_000)).toMatchObject({ timer: 1 });
    expect(d.snapshot().voltage).toBe(GENERATOR_OUTPUT_V);
    expect(d.tick(60_000)).toMatchObject({ timer: 0, onoff: 0, voltage: 0 });
  });
});
