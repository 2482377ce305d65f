import { describe, expect, it } from 'vitest';
import { buildWrite } from '../../command.ts';
import { getProfile } from '../../profiles.ts';
import { createSimDevice } from '../../simulate.ts';

const boiler = () => {
  const p = getProfile('boiler-combi-24');
  if (!p) throw new Error('boiler-combi-24');
  return createSimDevice(p);
};

describe('boiler (issue 19)', () => {
  it('burns for heating in winter and for hot water only in summer; the valves follow', () => {
    const d = boiler();
    expect(d.snapshot()).toMatchObject({ flame_status: 0, pump_status: 0, water_pressure_switch: 1 });
    expect(d.write([{ Key: 'system_mode', Value: 1 }])).toMatchObject({
      flame_status: 1,
      fan_status: 1,
      gas_valve_status: 1,
      pump_status: 1,
    });
    // Heating: the three-way valve stays on the radiators.
    expect(d.snapshot().three_way_valve_status).toBe(0);
    d.write([{ Key: 'system_mode', Value: 2 }]);
    expect(d.snapshot()).toMatchObject({ three_way_valve_status: 1, water_flow_status: 1, flame_status: 1 });
  });

  it('a fault locks the burner out, and reset_error clears it', () => {
    const d = boiler();
    d.write([{ Key: 'system_mode', Value: 1 }]);
    expect(d.raise('boiler.E4')).toMatchObject({ error_code: 'E4', b_e4: 1, flame_status: 0 });
    const pairs = buildWrite(d.profile, [{ Key: 'reset_error', Value: 1 }]);
    expect(d.write(pairs)).toMatchObject({ error_code: '', b_e4: 0, flame_status: 1 });
    // A request is never reported as a value of its own.
    expect(d.snapshot()).not.toHaveProperty('reset_error');
  });
});
