import { describe, expect, it } from 'vitest';
import { DEVICE_EVENTS, deviceEventsOf, PROGRAM_FAMILIES, programEnds } from './device-events.ts';
import { getProfile, profiles } from './profiles.ts';

const events = (id: string) => deviceEventsOf(getProfile(id));

describe('deviceEventsOf: the events a catalogue model raises', () => {
  it('names the events of contacts, motion sensors, machines and switches', () => {
    expect(events('door-sensor-door')).toEqual(['error', 'door_open']);
    expect(events('pir-sensor-ceiling')).toEqual(['error', 'motion']);
    expect(events('dishwasher-12-place')).toContain('program_done');
    expect(events('washing-machine-7kg-1000')).toContain('program_done');
    expect(events('switch-one-pole')).not.toContain('program_done');
    expect(events('switch-one-pole')).not.toContain('door_open');
  });

  it('gives an unknown model no events', () => {
    expect(deviceEventsOf(undefined)).toEqual([]);
    expect(events('no-such-model')).toEqual([]);
  });

  it("lists every model's events in DEVICE_EVENTS order, each for a reason the model carries", () => {
    for (const p of profiles) {
      const got = deviceEventsOf(p);
      expect(got).toEqual(DEVICE_EVENTS.filter((e) => got.includes(e)));
      expect(got.includes('error')).toBe(p.errors.length > 0);
      expect(got.includes('door_open')).toBe(p.family === 'door_sensor');
      expect(got.includes('motion')).toBe(p.keys.some((k) => k.key === 'motion_status'));
      expect(got.includes('program_done')).toBe(PROGRAM_FAMILIES.has(p.family) && programEnds(p).length > 0);
    }
  });

  it('finds how every washing machine, dishwasher and oven ends its runs', () => {
    const machines = profiles.filter((p) => PROGRAM_FAMILIES.has(p.family));
    expect(machines.length).toBeGreaterThan(0);
    for (const p of machines) expect(programEnds(p).length, p.id).toBeGreaterThan(0);
  });
});
