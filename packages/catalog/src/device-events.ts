/**
 * Which device events a catalogue model raises (decisions 030 and 038), read from the model itself
 * (its keys' simulated behaviours and its error list) rather than a list of models. The server's
 * notification module detects them in telemetry and offers them as notification switches; a Notify
 * condition may wait for them, the server refusing one the device's model never raises and the web
 * app's automation editor offering only those. One function, so the refusal and the offer agree:
 * - error: the model has catalogue error codes (its `error_code` turns to one);
 * - door_open: a door or window contact (`sensor_status` turns to 1);
 * - motion: the model reports `motion_status` (it turns to 1);
 * - program_done: a washing machine, dishwasher or oven whose run can end (`programEnds`).
 */
import type { ModelProfile } from './types.ts';

/** The events of a device's own reports, in the order they are listed everywhere. */
export const DEVICE_EVENTS = ['error', 'door_open', 'motion', 'program_done'] as const;
export type DeviceEventKind = (typeof DEVICE_EVENTS)[number];

/** The families whose programs end with a program_done event. */
export const PROGRAM_FAMILIES: ReadonlySet<string> = new Set(['washing_machine', 'dishwasher', 'oven']);

/** How a run of the model ends: the key that runs it, and what says it ran to its end. */
export interface ProgramEnd {
  runKey: string;
  /** A phase key and the value it takes when the run is done (the done event). */
  phaseKey?: string;
  doneValue?: number;
  /** Time keys that read 0 when the machine stopped the run itself. */
  timeKeys?: string[];
}

/**
 * The ways a model's program run ends: a phase reaching its `doneValue`, or, for models without
 * one, the machine itself stopping the run (a countdown whose zero turns the run key off).
 */
export function programEnds(profile: ModelProfile): ProgramEnd[] {
  const ends: ProgramEnd[] = [];
  for (const k of profile.keys) {
    const sim = k.sim;
    if (sim?.type === 'phase') {
      // `doneValue` comes with program runs (ProgramRun); read without relying on its declaration.
      const doneValue = (sim as { doneValue?: unknown }).doneValue;
      ends.push({
        runKey: sim.runKey,
        phaseKey: k.key,
        ...(typeof doneValue === 'number' ? { doneValue } : {}),
      });
    } else if (sim?.type === 'countdown' && sim.onZero) {
      for (const [runKey, v] of Object.entries(sim.onZero))
        if (v === 0) ends.push({ runKey, timeKeys: [k.key, ...(sim.hoursKey ? [sim.hoursKey] : [])] });
    }
  }
  return ends;
}

/** The events a model raises, in `DEVICE_EVENTS` order; none for an unknown model. */
export function deviceEventsOf(profile: ModelProfile | undefined): DeviceEventKind[] {
  if (!profile) return [];
  const events: DeviceEventKind[] = [];
  if (profile.errors.length > 0) events.push('error');
  if (profile.family === 'door_sensor') events.push('door_open');
  if (profile.keys.some((k) => k.key === 'motion_status')) events.push('motion');
  if (PROGRAM_FAMILIES.has(profile.family) && programEnds(profile).length > 0) events.push('program_done');
  return events;
}
