import { describe, expect, it } from 'vitest';
import { OVEN_PHASE } from './families/oven/cavity.ts';
import { getProfile } from './profiles.ts';
import { createSimDevice, type SimDevice } from './simulate.ts';

const profile = (id: string) => {
  const p = getProfile(id);
  if (!p) throw new Error(id);
  return p;
};

const MIN = 60_000;
/** Phases as the families number them (chosen): washer, dishwasher. */
const WASH = { idle: 0, wash: 1, rinse: 2, spin: 3, done: 4 } as const;
const DISH = { idle: 0, prewash: 1, wash: 2, rinse: 3, dry: 4, done: 5 } as const;

/** What a step reported, less the Wi-Fi signal every device reports once a minute. */
const program = ({ RSSI: _, ...rest }: Record<string, number | string>) => rest;

/** Every phase the device reports while `ms` pass in `step` slices, in order, repeats dropped. */
function run(d: SimDevice, ms: number, step = MIN): number[] {
  const seen: number[] = [];
  for (let t = 0; t < ms; t += step) {
    const out = d.tick(step);
    if (out.phase !== undefined && seen.at(-1) !== out.phase) seen.push(Number(out.phase));
  }
  return seen;
}

describe('a whole program run in the simulator (issue 19)', () => {
  it('a washer runs wash, rinse and spin over its duration, counts the time left, then reports done', () => {
    const d = createSimDevice(profile('washing-machine-8kg-1200'));
    d.write([{ Key: 'onoff', Value: 1 }]);
    d.write([{ Key: 'duration', Value: 45 }]);
    expect(d.write([{ Key: 'play', Value: 1 }])).toMatchObject({ play: 1, phase: WASH.wash });
    expect(program(d.tick(10 * MIN))).toMatchObject({ duration: 35 });
    expect(run(d, 34 * MIN)).toEqual([WASH.rinse, WASH.spin]);
    expect(d.snapshot()).toMatchObject({ duration: 1, play: 1, phase: WASH.spin });
    // The last minute: the done event, the machine stopped, its length back for the next run.
    expect(program(d.tick(MIN))).toEqual({ duration: 45, play: 0, phase: WASH.done });
    // Done stays until the next start, which begins again at the first phase.
    expect(d.tick(30 * MIN)).not.toHaveProperty('phase');
    expect(d.write([{ Key: 'play', Value: 1 }])).toMatchObject({ phase: WASH.wash });
  });

  it('a paused run keeps its place; choosing a program again while paused ends it (stop)', () => {
    const d = createSimDevice(profile('washing-machine-7kg-1000'));
    d.write([{ Key: 'onoff', Value: 1 }]);
    d.write([{ Key: 'duration', Value: 30 }]);
    d.write([{ Key: 'play', Value: 1 }]);
    d.tick(15 * MIN);
    d.write([{ Key: 'play', Value: 0 }]);
    expect(program(d.tick(60 * MIN))).toEqual({});
    expect(d.snapshot()).toMatchObject({ duration: 15, phase: WASH.rinse, play: 0 });
    d.write([{ Key: 'play', Value: 1 }]);
    expect(program(d.tick(5 * MIN))).toMatchObject({ duration: 10, phase: WASH.spin });
    // Stop: pause, then the program chosen again ends the run; its length is back.
    d.write([{ Key: 'play', Value: 0 }]);
    expect(d.write([{ Key: 'programnumber', Value: 1 }])).toEqual({ duration: 30, phase: WASH.idle });
    expect(d.write([{ Key: 'play', Value: 1 }])).toMatchObject({ phase: WASH.wash });
    expect(d.snapshot().duration).toBe(30);
  });

  it('a dishwasher waits out its delay, then runs pre-wash, wash, rinse, dry and reports done', () => {
    const d = createSimDevice(profile('dishwasher-13-place'));
    d.write([{ Key: 'onoff', Value: 1 }]);
    d.write([
      { Key: 'duration', Value: 120 },
      { Key: 'delay', Value: 2 },
    ]);
    expect(d.write([{ Key: 'play', Value: 1 }])).toEqual({ play: 1 });
    expect(program(d.tick(60 * MIN))).toEqual({ delay: 1 });
    expect(d.snapshot()).toMatchObject({ phase: DISH.idle, duration: 120 });
    expect(program(d.tick(60 * MIN))).toEqual({ delay: 0 });
    expect(run(d, 121 * MIN)).toEqual([DISH.prewash, DISH.wash, DISH.rinse, DISH.dry, DISH.done]);
    expect(d.snapshot()).toMatchObject({ play: 0, duration: 120, delay: 0 });
  });

  it('a program needs time to run, and a machine off cannot start', () => {
    const d = createSimDevice(profile('dishwasher-12-place'));
    expect(() => d.write([{ Key: 'play', Value: 1 }])).toThrow(
      expect.objectContaining({ code: 'rule.device_off' }),
    );
    d.write([{ Key: 'onoff', Value: 1 }]);
    d.write([{ Key: 'duration', Value: 0 }]);
    expect(() => d.write([{ Key: 'play', Value: 1 }])).toThrow(
      expect.objectContaining({ code: 'limit.time_zero' }),
    );
  });

  it('a sped-up clock (one big step) still passes through the run to done', () => {
    const d = createSimDevice(profile('washing-machine-9kg-1400'));
    d.write([{ Key: 'onoff', Value: 1 }]);
    d.write([{ Key: 'duration', Value: 12 }]);
    d.write([{ Key: 'play', Value: 1 }]);
    expect(run(d, 12 * MIN, 2.5 * MIN)).toEqual([WASH.rinse, WASH.spin, WASH.done]);
  });

  it('an oven preheats, cooks, counts its time down and reports done; a stop with time left is idle', () => {
    const d = createSimDevice(profile('oven-built-in-generic-90cm'));
    d.write([{ Key: 'setpoint', Value: 100 }]);
    d.write([{ Key: 'timer_minute', Value: 20 }]);
    expect(d.write([{ Key: 'cooking', Value: 1 }])).toMatchObject({ cooking: 1, phase: OVEN_PHASE.preheat });
    // 25 °C to 100 °C at 15 °C a minute: five minutes of preheating.
    expect(run(d, 6 * MIN)).toEqual([OVEN_PHASE.cook]);
    expect(d.snapshot()).toMatchObject({ timer_minute: 14, sensor_temperature: 100 });
    expect(program(d.tick(14 * MIN))).toMatchObject({ cooking: 0, timer_minute: 0, phase: OVEN_PHASE.done });
    expect(d.tick(10 * MIN)).not.toHaveProperty('phase');
    d.write([{ Key: 'timer_minute', Value: 30 }]);
    expect(d.snapshot().phase).toBe(OVEN_PHASE.idle);
    d.write([{ Key: 'cooking', Value: 1 }]);
    d.tick(MIN);
    expect(d.write([{ Key: 'cooking', Value: 0 }])).toMatchObject({ cooking: 0, phase: OVEN_PHASE.idle });
  });
});

describe('a stove turns every flame off when asked', () => {
  it('turn_off_all sets each flame to 0 and reports them', () => {
    const d = createSimDevice(profile('stove-3-flame-glass'));
    d.write([{ Key: 'power', Value: 1 }]);
    d.write([
      { Key: 'flame1', Value: 5 },
      { Key: 'flame3', Value: 9 },
    ]);
    // Burners 1 and 3 burn: bits 0 and 2 of flame_status; turning all off puts them out too.
    expect(d.snapshot()).toMatchObject({ flame_status: 0b101 });
    expect(d.write([{ Key: 'turn_off_all', Value: 1 }])).toEqual({ flame1: 0, flame3: 0, flame_status: 0 });
    expect(d.snapshot()).toMatchObject({ flame1: 0, flame2: 0, flame3: 0 });
  });
});
