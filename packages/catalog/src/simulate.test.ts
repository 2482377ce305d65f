import { describe, expect, it } from 'vitest';
import { getProfile } from './profiles.ts';
import { createSimDevice } from './simulate.ts';

const profile = (id: string) => {
  const p = getProfile(id);
  if (!p) throw new Error(id);
  return p;
};

describe('simulated devices', () => {
  it('a switch reports a relay change once, and nothing when the value is unchanged', () => {
    const d = createSimDevice(profile('switch-two-pole'));
    expect(d.snapshot()).toMatchObject({ relay_1: 0, relay_2: 0 });
    expect(d.write([{ Key: 'relay_1', Value: 1 }])).toEqual({ relay_1: 1 });
    expect(d.write([{ Key: 'relay_1', Value: 1 }])).toEqual({});
  });

  it('a metering plug draws its load when on and nothing when off', () => {
    const d = createSimDevice(profile('plug-metering'), () => 0.5);
    const on = d.write([{ Key: 'relay_1', Value: 1 }]);
    expect(on.relay_1).toBe(1);
    expect(on.power).toBeCloseTo(1200, 0);
    expect(Number(on.current)).toBeCloseTo(1200 / 220, 2);
    const off = d.write([{ Key: 'relay_1', Value: 0 }]);
    expect(off.power).toBe(0);
    expect(off.current).toBe(0);
  });

  it('a plug reports its meter periodically', () => {
    const d = createSimDevice(profile('plug-metering'), () => 0.5);
    expect(d.tick(4000)).toEqual({});
    expect(Object.keys(d.tick(1000))).toEqual(expect.arrayContaining(['power', 'voltage', 'current']));
  });

  it('a curtain travels to its setpoint at its speed, and pause stops it', () => {
    const d = createSimDevice(profile('curtain-single'));
    d.write([{ Key: 'open_request_1', Value: 1 }]);
    expect(d.tick(1000)).toEqual({ curtain_percentage: 20 });
    d.write([{ Key: 'pause_request_1', Value: 1 }]);
    d.tick(1000);
    expect(d.snapshot().curtain_percentage).toBe(20);
    d.write([{ Key: 'positionsetpoint', Value: 50 }]);
    d.tick(1000);
    expect(d.tick(1000)).toEqual({ curtain_percentage: 50 });
    expect(d.tick(1000)).toEqual({});
  });
});
