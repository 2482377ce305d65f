import type { WritePair } from './command.ts';
import type { ModelProfile } from './types.ts';

/**
 * A simulated device's behaviour, derived from the catalogue: no I/O, no clock of its own.
 * The simulator app feeds it writes and elapsed time and publishes what changed.
 */
export interface SimDevice {
  readonly profile: ModelProfile;
  readonly values: Map<string, number | string>;
  /** Apply a validated write; returns the keys whose reported value changed. */
  write(pairs: WritePair[]): Record<string, number | string>;
  /** Advance time by `dtMs`; returns reported keys that changed or are due for a periodic report. */
  tick(dtMs: number): Record<string, number | string>;
  /** Everything the device reports, for the first publish after connecting. */
  snapshot(): Record<string, number | string>;
}

type Rng = () => number;

export function createSimDevice(profile: ModelProfile, rng: Rng = Math.random): SimDevice {
  const values = new Map<string, number | string>();
  const targets = new Map<string, number>();
  const sinceReport = new Map<string, number>();

  for (const k of profile.keys) {
    const sim = k.sim;
    if (!sim) continue;
    if (sim.type === 'state') values.set(k.key, sim.initial);
    if (sim.type === 'travel') values.set(k.key, sim.initial);
  }

  const anyOn = (keys: string[]) => keys.some((key) => Number(values.get(key) ?? 0) === 1);
  const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

  function measure(out: Record<string, number | string>): void {
    for (const k of profile.keys) {
      const sim = k.sim;
      if (sim?.type === 'power') {
        const watts = anyOn(sim.when) ? sim.watts * (0.97 + rng() * 0.06) : 0;
        out[k.key] = round(watts, 1);
      } else if (sim?.type === 'voltage') {
        out[k.key] = round(sim.nominal + (rng() - 0.5) * 6, 1);
      }
    }
    for (const k of profile.keys) {
      const sim = k.sim;
      if (sim?.type === 'current') {
        const p = Number(out[sim.power] ?? values.get(sim.power) ?? 0);
        const v = Number(out[sim.voltage] ?? values.get(sim.voltage) ?? 220);
        out[k.key] = v > 0 ? round(p / v, 3) : 0;
      }
    }
    for (const [key, value] of Object.entries(out)) values.set(key, value);
  }

  return {
    profile,
    values,
    write(pairs) {
      const changed: Record<string, number | string> = {};
      let loadChanged = false;
      for (const { Key, Value } of pairs) {
        const v = typeof Value === 'boolean' ? Number(Value) : Value;
        const travel = profile.keys.find(
          (k) =>
            k.sim?.type === 'travel' && [k.sim.setpoint, k.sim.open, k.sim.close, k.sim.pause].includes(Key),
        );
        if (travel?.sim?.type === 'travel') {
          const s = travel.sim;
          const pos = Number(values.get(travel.key) ?? 0);
          const target = Key === s.open ? 100 : Key === s.close ? 0 : Key === s.pause ? pos : Number(v);
          targets.set(travel.key, target);
          continue;
        }
        if (values.get(Key) !== v) {
          values.set(Key, v);
          changed[Key] = v;
          loadChanged = true;
        }
      }
      // A load switched on or off shows on the meter at once, as a real plug's next sample would.
      if (loadChanged && profile.keys.some((k) => k.sim?.type === 'power')) measure(changed);
      return changed;
    },
    tick(dtMs) {
      const out: Record<string, number | string> = {};
      for (const k of profile.keys) {
        const sim = k.sim;
        if (sim?.type === 'travel') {
          const target = targets.get(k.key);
          if (target === undefined) continue;
          const pos = Number(values.get(k.key) ?? 0);
          const step = (sim.percentPerSecond * dtMs) / 1000;
          const next = Math.abs(target - pos) <= step ? target : pos + Math.sign(target - pos) * step;
          const rounded = Math.round(next);
          if (next === target) targets.delete(k.key);
          values.set(k.key, next);
          if (rounded !== Math.round(pos) || next === target) out[k.key] = rounded;
        }
        if (sim?.type === 'power') {
          const elapsed = (sinceReport.get(k.key) ?? 0) + dtMs;
          if (elapsed >= sim.everyMs) {
            sinceReport.set(k.key, 0);
            measure(out);
          } else sinceReport.set(k.key, elapsed);
        }
      }
      return out;
    },
    snapshot() {
      const out: Record<string, number | string> = {};
      if (profile.keys.some((k) => k.sim?.type === 'power')) measure(out);
      for (const k of profile.keys) {
        if (k.access === 'w') continue;
        const v = values.get(k.key);
        if (v !== undefined) out[k.key] = typeof v === 'number' ? Math.round(v * 1000) / 1000 : v;
      }
      return out;
    },
  };
}
