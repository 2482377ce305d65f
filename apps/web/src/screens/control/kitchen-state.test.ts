import { getProfile, type ModelProfile } from '@hestia/catalog';
import { describe, expect, it } from 'vitest';
import { ruleAgainst, runStateOf, steps, timeCapOf } from './kitchen-state.ts';

const profile = (id: string): ModelProfile => {
  const p = getProfile(id);
  if (!p) throw new Error(id);
  return p;
};
const washer = profile('washing-machine-8kg-1200');
const dishwasher = profile('dishwasher-13-place');
const oven = profile('oven-built-in-generic-90cm');

describe('kitchen and laundry state from what the device reports', () => {
  it('reads a run: off, ready, waiting for a delayed start, running, paused, done', () => {
    const at = (values: Record<string, number | string>) => runStateOf(washer, values).status;
    expect(at({ onoff: 0, play: 0, phase: 0 })).toBe('off');
    expect(at({ onoff: 1, play: 0, phase: 0, duration: 90 })).toBe('ready');
    expect(at({ onoff: 1, play: 1, phase: 2 })).toBe('running');
    expect(at({ onoff: '1', play: '0', phase: '2' })).toBe('paused');
    expect(at({ onoff: 1, play: 0, phase: 4 })).toBe('done');
    expect(runStateOf(dishwasher, { onoff: 1, play: 1, phase: 0, delay: 3 })).toMatchObject({
      status: 'waiting',
      delay: 3,
    });
    // A dishwasher's phase 4 is drying, not done: done is its own last value.
    expect(runStateOf(dishwasher, { onoff: 1, play: 0, phase: 4 }).status).toBe('paused');
    expect(runStateOf(dishwasher, { onoff: 1, play: 0, phase: 5 }).status).toBe('done');
  });

  it('finds the catalogue rule that refuses a key now, and none when it is free', () => {
    expect(ruleAgainst(washer, { play: 1 }, 'spin')?.error).toBe('rule.stop_machine_first');
    expect(ruleAgainst(washer, { play: 0 }, 'spin')).toBeUndefined();
    expect(ruleAgainst(oven, { cooking_mode: 3, cooking: 0 }, 'setpoint')?.error).toBe(
      'rule.temp_fixed_program',
    );
    expect(ruleAgainst(oven, { cooking_mode: '2', cooking: '1' }, 'setpoint')?.error).toBe(
      'rule.cooking_in_progress',
    );
    expect(ruleAgainst(oven, { cooking_mode: 2, cooking: 0 }, 'setpoint')).toBeUndefined();
  });

  it('caps the oven time by its set temperature, and by its program', () => {
    expect(timeCapOf(oven, { setpoint: 230 })).toBe(180);
    expect(timeCapOf(oven, { setpoint: 180 })).toBe(360);
    expect(timeCapOf(oven, { setpoint: 100 })).toBe(600);
    expect(timeCapOf(oven, { setpoint: 180, program_number: 6 })).toBe(59);
  });

  it('offers steps with the reported value among them', () => {
    expect(steps(0, 30, 10)).toEqual([0, 10, 20, 30]);
    expect(steps(0, 30, 10, 15)).toEqual([0, 10, 15, 20, 30]);
    expect(steps(0, 30, 10, 45)).toEqual([0, 10, 20, 30]);
  });
});
