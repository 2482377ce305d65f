import { describe, expect, it } from 'vitest';
import { settingKeys } from './actions.ts';
import { SIMULATED_ROUTER, signalLevel } from './link.ts';
import { getProfile, profiles, reportedKeys } from './profiles.ts';
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

describe('simulated behaviours from the catalogue', () => {
  it('an oven refuses a start with the door open and a temperature change while cooking', () => {
    const d = createSimDevice(profile('oven-built-in-generic-60cm'));
    d.write([{ Key: 'timer_minute', Value: 30 }]);
    d.values.set('door', 1);
    expect(() => d.write([{ Key: 'cooking', Value: 1 }])).toThrow(
      expect.objectContaining({ code: 'rule.door_open' }),
    );
    d.values.set('door', 0);
    d.write([{ Key: 'cooking', Value: 1 }]);
    expect(() => d.write([{ Key: 'setpoint', Value: 200 }])).toThrow(
      expect.objectContaining({ code: 'rule.cooking_in_progress' }),
    );
  });

  it('an oven caps the time by the set temperature and counts its timer down', () => {
    const d = createSimDevice(profile('oven-built-in-generic-60cm'));
    d.write([{ Key: 'setpoint', Value: 230 }]);
    expect(() => d.write([{ Key: 'timer_hour', Value: 4 }])).toThrow(
      expect.objectContaining({ code: 'limit.time_cap' }),
    );
    d.write([
      { Key: 'timer_hour', Value: 1 },
      { Key: 'timer_minute', Value: 0 },
    ]);
    d.write([{ Key: 'cooking', Value: 1 }]);
    expect(d.tick(60_000)).toMatchObject({ timer_hour: 0, timer_minute: 59 });
    const end = d.tick(59 * 60_000);
    expect(end).toMatchObject({ timer_minute: 0, cooking: 0 });
  });

  it('a fridge drifts toward its setpoint and runs its compressor while warm', () => {
    const d = createSimDevice(profile('refrigerator-combi-generic-bottom-freezer'));
    expect(d.snapshot().compressor).toBe(1);
    d.tick(10 * 60_000);
    expect(d.snapshot().fridge_temperature).toBe(4);
    expect(d.snapshot().freezer_temperature).toBe(-15);
  });

  it('a boiler reports flame and pump while heating', () => {
    const d = createSimDevice(profile('boiler-combi-24'));
    expect(d.write([{ Key: 'system_mode', Value: 1 }])).toMatchObject({ flame_status: 1, pump_status: 1 });
    d.tick(30 * 60_000);
    expect(d.snapshot()).toMatchObject({ ch_temperature: 60, flame_status: 0 });
  });

  it('a washer runs its program through its phases and stops', () => {
    const d = createSimDevice(profile('washing-machine-7kg-1000'));
    expect(() => d.write([{ Key: 'play', Value: 1 }])).toThrow(
      expect.objectContaining({ code: 'rule.device_off' }),
    );
    d.write([{ Key: 'onoff', Value: 1 }]);
    d.write([{ Key: 'duration', Value: 30 }]);
    expect(d.write([{ Key: 'play', Value: 1 }])).toMatchObject({ phase: 1 });
    expect(() => d.write([{ Key: 'spin', Value: 400 }])).toThrow(
      expect.objectContaining({ code: 'rule.stop_machine_first' }),
    );
    expect(d.tick(600_000)).toMatchObject({ phase: 2, duration: 20 });
    d.tick(600_000);
    expect(d.tick(600_000)).toMatchObject({ phase: 4, play: 0, duration: 30 });
  });

  it('sensors and locks emit events; a lock event carries user, method and date', () => {
    const pir = createSimDevice(profile('pir-sensor-wall'));
    expect(pir.tick(20_000)).toEqual({ motion_status: 1 });
    expect(pir.tick(20_000)).toEqual({ motion_status: 0 });
    const lock = createSimDevice(profile('door-lock-full'), Math.random, () => Date.UTC(2025, 0, 1));
    expect(lock.tick(60_000)).toMatchObject({
      event: 1,
      user_type: 0,
      user_number: 1,
      open_method: 0,
      event_date: '2025-01-01T00:00:00.000Z',
    });
  });

  it('raises any catalogue error of the model as telemetry, and clears it', () => {
    const d = createSimDevice(profile('boiler-combi-24'));
    expect(d.raise('boiler.E1')).toEqual({ error_code: 'E1', b_e1: 1 });
    expect(d.clearErrors()).toEqual({ error_code: '', b_e1: 0 });
    const oven = createSimDevice(profile('oven-built-in-generic-60cm'));
    oven.raise('sensor.open');
    oven.write([{ Key: 'timer_minute', Value: 10 }]);
    expect(() => oven.write([{ Key: 'cooking', Value: 1 }])).toThrow(
      expect.objectContaining({ code: 'rule.sensor_error' }),
    );
    expect(() => d.raise('fridge.compressor')).toThrow(/has no error/);
  });
});

describe('the Wi-Fi link every simulated device reports', () => {
  it('every model reports its router and a plausible signal when it connects, from one declaration', () => {
    for (const p of profiles) {
      expect(p.link, p.id).toBe('wifi');
      expect(reportedKeys(p), p.id).toEqual(expect.arrayContaining(['AP', 'RSSI']));
      const state = createSimDevice(p).snapshot();
      expect(state.AP, p.id).toBe(SIMULATED_ROUTER);
      expect(state.RSSI, p.id).toBeTypeOf('number');
      expect(Number(state.RSSI), p.id).toBeGreaterThanOrEqual(-80);
      expect(Number(state.RSSI), p.id).toBeLessThanOrEqual(-40);
    }
  });

  it('reports the signal once a minute, varying a little around where the device settled', () => {
    const d = createSimDevice(profile('plug-metering'));
    const first = Number(d.snapshot().RSSI);
    expect(d.tick(30_000)).not.toHaveProperty('RSSI');
    const readings: number[] = [];
    for (let i = 0; i < 40; i++) {
      const out = d.tick(60_000);
      expect(out).toHaveProperty('RSSI');
      readings.push(Number(out.RSSI));
    }
    for (const r of readings) expect(Math.abs(r - first)).toBeLessThanOrEqual(4);
    expect(new Set(readings).size).toBeGreaterThan(1);
    // The router does not change on its own: it is reported when the device connects.
    expect(d.tick(60_000)).not.toHaveProperty('AP');
  });

  it('the wifi-status setting lists the router and the signal (dBm) of any model', () => {
    const keys = settingKeys(profile('curtain-single'), 'wifi-status');
    expect(keys.map((k) => k.key)).toEqual(['active', 'AP', 'RSSI', 'lastConnectTime', 'lastDisconnectTime']);
    expect(keys.find((k) => k.key === 'RSSI')).toMatchObject({ unit: 'dBm', access: 'r', dataType: 2 });
    expect(keys.find((k) => k.key === 'AP')).toMatchObject({ kind: 'string', access: 'r' });
  });

  it('names a signal in four steps', () => {
    expect([-45, -60, -70, -85].map(signalLevel)).toEqual(['excellent', 'good', 'fair', 'weak']);
  });
});
