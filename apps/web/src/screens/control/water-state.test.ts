import { describe, expect, it } from 'vitest';
import { boilerActivity, boilerDiagram, setpointRange } from './water-state.ts';

describe('the boiler diagram', () => {
  it('is unknown before the boiler reports, and idle when it is off', () => {
    const empty = boilerDiagram({});
    expect(empty.parts.flame).toBeUndefined();
    expect(empty.route).toBe('idle');
    expect(boilerDiagram({ flame_status: 0, pump_status: 0, three_way_valve_status: 0 }).route).toBe('idle');
  });

  it('heats the radiators while the pump runs with the valve on the heating side', () => {
    const d = boilerDiagram({ flame_status: 1, pump_status: 1, three_way_valve_status: 0, fan_status: '1' });
    expect(d.route).toBe('heating');
    expect(d.parts).toMatchObject({ flame: true, pump: true, fan: true, three_way_valve: false });
  });

  it('heats hot water when the valve turns to the taps and water flows', () => {
    expect(boilerDiagram({ pump_status: 1, three_way_valve_status: 1, water_flow_status: 1 }).route).toBe(
      'hot_water',
    );
    // The valve alone, with nothing moving, heats nothing.
    expect(boilerDiagram({ three_way_valve_status: 1 }).route).toBe('idle');
  });

  it('lists the raised fault flags by number', () => {
    expect(boilerDiagram({ b_e23: 1, b_e4: 1, b_e1: 0, b_e5: '1' }).faults).toEqual([4, 5, 23]);
  });
});

describe('the boiler caption', () => {
  const heating = { flame_status: 1, pump_status: 1, three_way_valve_status: 0 };
  it('says off, fault, heating, hot water, resting or idle', () => {
    expect(boilerActivity(boilerDiagram(heating), 0)).toBe('off');
    expect(boilerActivity(boilerDiagram({ ...heating, b_e1: 1 }), 1)).toBe('fault');
    expect(boilerActivity(boilerDiagram(heating), 1)).toBe('heating');
    expect(boilerActivity(boilerDiagram({ ...heating, three_way_valve_status: 1 }), 2)).toBe('hot_water');
    // Water moves but the burner rests: at temperature.
    expect(boilerActivity(boilerDiagram({ ...heating, flame_status: 0 }), 1)).toBe('resting');
    expect(boilerActivity(boilerDiagram({}), undefined)).toBe('idle');
  });
});

describe('setpoint range', () => {
  const def = { min: 30, max: 75 };
  it('is the catalogue range when the appliance reports no limits', () => {
    expect(setpointRange(def, {})).toEqual({ min: 30, max: 75 });
    expect(setpointRange(def, {}, 'lo', 'hi')).toEqual({ min: 30, max: 75 });
  });

  it('narrows to the limits the boiler reports', () => {
    expect(setpointRange(def, { lo: 40, hi: 70 }, 'lo', 'hi')).toEqual({ min: 40, max: 70 });
  });

  it('ignores reported limits outside the catalogue range or crossed', () => {
    expect(setpointRange(def, { lo: 10, hi: 90 }, 'lo', 'hi')).toEqual({ min: 30, max: 75 });
    expect(setpointRange(def, { lo: 60, hi: 50 }, 'lo', 'hi')).toEqual({ min: 30, max: 75 });
  });
});
