import { holds, keyOf, type ModelProfile, type Rule } from '@hestia/catalog';
import type { TelemetryValue } from '@hestia/contract';
import { isOn, numberOf } from '../../lib/device-state.ts';

type Values = Readonly<Record<string, TelemetryValue>>;

/** Values as the catalogue's rule engine reads them: numbers where the socket sent numeric text. */
export function ruleValues(values: Values): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  for (const [k, v] of Object.entries(values)) {
    if (typeof v === 'number') out[k] = v;
    else if (typeof v === 'boolean') out[k] = Number(v);
    else if (typeof v === 'string') out[k] = v !== '' && Number.isFinite(Number(v)) ? Number(v) : v;
  }
  return out;
}

/**
 * The catalogue rule that refuses any write of `key` on these values now (no temperature change
 * while cooking, no setpoint in grill mode, no program change while the washer runs), if one does.
 * Rules that forbid only one value (start = 1) are left to the send, which checks them too.
 */
export function ruleAgainst(profile: ModelProfile, values: Values, key: string): Rule | undefined {
  const current = ruleValues(values);
  return profile.rules.find((r) => r.forbid.includes(key) && holds(r.when, current));
}

/** Where a washer or dishwasher is in its run (issue 19), from what it reports. */
export type RunStatus = 'off' | 'ready' | 'waiting' | 'running' | 'paused' | 'done';

export interface RunState {
  status: RunStatus;
  /** The phase it reports (0 idle, then the family's phases, then the done value). */
  phase: number;
  /** Minutes left (the duration counts down while it runs). */
  minutes: number | undefined;
  /** Hours before a delayed start. */
  delay: number;
}

/** The done value of a machine's `phase`: its highest value (the catalogue numbers it last). */
export const doneValueOf = (profile: ModelProfile, key = 'phase') =>
  Math.max(...(keyOf(profile, key)?.values ?? [0]));

export function runStateOf(profile: ModelProfile, values: Values): RunState {
  const phase = numberOf(values.phase) ?? 0;
  const delay = numberOf(values.delay) ?? 0;
  const playing = isOn(values.play);
  const done = doneValueOf(profile);
  const status: RunStatus =
    values.onoff !== undefined && !isOn(values.onoff)
      ? 'off'
      : playing && delay > 0 && phase === 0
        ? 'waiting'
        : playing
          ? 'running'
          : phase === done && phase > 0
            ? 'done'
            : phase > 0
              ? 'paused'
              : 'ready';
  return { status, phase, minutes: numberOf(values.duration), delay };
}

/**
 * The longest cooking time (minutes) the oven's catalogue allows now: the lowest cap among its
 * time limits whose condition holds with the set temperature, mode and program (spec section 5).
 */
export function timeCapOf(profile: ModelProfile, values: Values, suffix = ''): number | undefined {
  const current = ruleValues(values);
  // Caps that apply while cooking apply to what is set for the next start too.
  const asCooking = { ...current, [`cooking${suffix}`]: 1 };
  const hour = `timer_hour${suffix}`;
  const caps = profile.limits
    .filter((l) => l.max !== undefined && l.keys.includes(hour) && (!l.when || holds(l.when, asCooking)))
    .map((l) => l.max as number);
  return caps.length ? Math.min(...caps) : undefined;
}

/** Steps from `min` to `max`, with `keep` (the reported value) among them even off the step. */
export function steps(min: number, max: number, step: number, keep?: number): number[] {
  const out: number[] = [];
  for (let v = min; v <= max; v += step) out.push(v);
  if (keep !== undefined && keep >= min && keep <= max && !out.includes(keep)) {
    out.push(keep);
    out.sort((a, b) => a - b);
  }
  return out;
}
