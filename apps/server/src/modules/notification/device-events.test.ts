import { createSimDevice, getProfile, type ModelProfile, type SimDevice } from '@hestia/catalog';
import type { TelemetryValue } from '@hestia/contract';
import { describe, expect, it } from 'vitest';
import { type DeviceEvent, eventsOf, kindsOf } from './device-events.ts';

const profile = (id: string): ModelProfile => {
  const p = getProfile(id);
  if (!p) throw new Error(id);
  return p;
};
const MIN = 60_000;

/**
 * Feeds what a simulated device reports, message by message, through `eventsOf` as the server's
 * telemetry listener does (with the values each message replaced).
 */
function watch(d: SimDevice) {
  const latest = new Map<string, TelemetryValue>(Object.entries(d.snapshot()));
  const events: DeviceEvent[] = [];
  const feed = (values: Record<string, TelemetryValue>) => {
    const previous = Object.fromEntries(Object.keys(values).map((k) => [k, latest.get(k)]));
    events.push(...eventsOf(d.profile, values, previous, (k) => latest.get(k)));
    for (const [k, v] of Object.entries(values)) latest.set(k, v);
  };
  return { events, feed };
}

describe('device events from the catalogue', () => {
  it("a washer's program run ends in one program_done; pausing it is none", () => {
    const d = createSimDevice(profile('washing-machine-8kg-1200'));
    const w = watch(d);
    w.feed(d.write([{ Key: 'onoff', Value: 1 }]));
    w.feed(d.write([{ Key: 'duration', Value: 10 }]));
    w.feed(d.write([{ Key: 'play', Value: 1 }]));
    w.feed(d.tick(3 * MIN));
    w.feed(d.write([{ Key: 'play', Value: 0 }]));
    w.feed(d.tick(3 * MIN));
    expect(w.events).toEqual([]);
    w.feed(d.write([{ Key: 'play', Value: 1 }]));
    for (let t = 0; t < 12; t++) w.feed(d.tick(MIN));
    expect(w.events).toEqual([{ kind: 'program_done', data: {} }]);
  });

  it("an oven's cooking that its timer ends is program_done; stopping it by hand is not", () => {
    const d = createSimDevice(profile('oven-built-in-generic-60cm'));
    const w = watch(d);
    w.feed(d.write([{ Key: 'timer_minute', Value: 2 }]));
    w.feed(d.write([{ Key: 'cooking', Value: 1 }]));
    w.feed(d.write([{ Key: 'cooking', Value: 0 }]));
    expect(w.events).toEqual([]);
    w.feed(d.write([{ Key: 'cooking', Value: 1 }]));
    for (let t = 0; t < 4; t++) w.feed(d.tick(MIN));
    expect(w.events).toEqual([{ kind: 'program_done', data: {} }]);
  });

  it('an error is named by the catalogue code whose wire value the device reports', () => {
    const d = createSimDevice(profile('washing-machine-8kg-1200'));
    const w = watch(d);
    w.feed(d.raise('water.none'));
    w.feed(d.raise('water.none'));
    expect(w.events).toEqual([{ kind: 'error', data: { errorCode: 'water.none' } }]);
  });

  it('a door opening and motion are events; closing and stillness are not', () => {
    const door = watch(createSimDevice(profile('door-sensor-door')));
    door.feed({ sensor_status: 0 });
    door.feed({ sensor_status: 1 });
    door.feed({ sensor_status: 1 });
    door.feed({ sensor_status: 0 });
    expect(door.events).toEqual([{ kind: 'door_open', data: {} }]);
    const pir = watch(createSimDevice(profile('pir-sensor-ceiling')));
    pir.feed({ motion_status: 1 });
    pir.feed({ motion_status: 0 });
    expect(pir.events).toEqual([{ kind: 'motion', data: {} }]);
  });

  it('offers each model the kinds it can raise', () => {
    expect(kindsOf(profile('door-sensor-door'))).toEqual(['error', 'door_open', 'firmware', 'share']);
    expect(kindsOf(profile('pir-sensor-ceiling'))).toEqual(['error', 'motion', 'firmware', 'share']);
    expect(kindsOf(profile('dishwasher-12-place'))).toContain('program_done');
    expect(kindsOf(profile('switch-one-pole'))).not.toContain('program_done');
  });
});
