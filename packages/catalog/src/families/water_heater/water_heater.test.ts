import { describe, expect, it } from 'vitest';
import { getProfile } from '../../profiles.ts';
import { createSimDevice } from '../../simulate.ts';

describe('water heater (issue 19)', () => {
  it('heats while on and below its setpoint; a fault turns the element off until cleared', () => {
    const p = getProfile('water-heater-artel-50l');
    if (!p) throw new Error('water-heater-artel-50l');
    const d = createSimDevice(p);
    expect(d.write([{ Key: 'system_mode', Value: 1 }])).toMatchObject({ output_status: 1 });
    expect(d.raise('water.none')).toMatchObject({ error_code: 'NW', no_water_error: 1, output_status: 0 });
    expect(d.clearErrors()).toMatchObject({ no_water_error: 0, output_status: 1 });
    expect(d.raise('sensor.open')).toMatchObject({ no_sensor_error: 1, output_status: 0 });
    d.clearErrors();
    expect(d.raise('sensor.short')).toMatchObject({ short_circuit_error: 1, output_status: 0 });
  });
});
