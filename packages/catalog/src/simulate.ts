import { CatalogError } from './catalog-error.ts';
import type { WritePair } from './command.ts';
import { getError } from './errors/index.ts';
import { linkKeys } from './link.ts';
import { enforce, holds } from './rules.ts';
import type { KeyDef, ModelProfile, SimBehaviour } from './types.ts';

type Value = number | string;
type Changes = Record<string, Value>;

/**
 * A simulated device's behaviour, derived from the catalogue: no I/O, no clock of its own.
 * The simulator app feeds it writes and elapsed time and publishes what changed.
 */
export interface SimDevice {
  readonly profile: ModelProfile;
  readonly values: Map<string, Value>;
  /**
   * Apply a validated write; returns the keys whose reported value changed. Throws a CatalogError
   * whose `code` is the catalogue error when one of the model's rules or limits refuses it.
   */
  write(pairs: WritePair[]): Changes;
  /** Advance time by `dtMs`; returns reported keys that changed or are due for a periodic report. */
  tick(dtMs: number): Changes;
  /** Everything the device reports, for the first publish after connecting. */
  snapshot(): Changes;
  /** Report a catalogue error of this model as its firmware would (error_code and status flags). */
  raise(code: string): Changes;
  /** Clear every reported error. */
  clearErrors(): Changes;
}

type Rng = () => number;
type PhaseSim = Extract<SimBehaviour, { type: 'phase' }>;

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

function restingValue(def: KeyDef): Value {
  if (def.kind === 'string') return '';
  if (def.kind === 'enum') return def.values?.includes(0) ? 0 : (def.values?.[0] ?? 0);
  return def.min !== undefined && def.min > 0 ? def.min : 0;
}

export function createSimDevice(
  profile: ModelProfile,
  rng: Rng = Math.random,
  now: () => number = Date.now,
): SimDevice {
  const values = new Map<string, Value>();
  const targets = new Map<string, number>();
  /** Time accumulated per key since its last step (meters, timers, phases, events). */
  const elapsed = new Map<string, number>();
  const cycleIndex = new Map<string, number>();
  const keyDefs = new Set(profile.keys.map((k) => k.key));
  /** Everything it reports: its model's keys and its link's (the router and signal of a Wi-Fi device). */
  const reported: readonly KeyDef[] = [...profile.keys, ...linkKeys(profile)];
  /** The length each program run started with (`ProgramRun`), while it runs or is paused. */
  const runLength = new Map<string, number>();
  /** Where each device's signal settles (its distance from the router), drawn once. */
  const signalBase = new Map<string, number>();

  for (const k of reported) {
    const sim = k.sim;
    if (sim?.type === 'state') values.set(k.key, sim.initial);
    else if (sim?.type === 'travel' || sim?.type === 'drift') values.set(k.key, sim.initial);
    else if (sim?.type === 'signal') {
      const base = sim.weakest + rng() * (sim.strongest - sim.weakest);
      signalBase.set(k.key, base);
      values.set(k.key, Math.round(base));
    } else if (
      sim &&
      k.access !== 'w' &&
      sim.type !== 'power' &&
      sim.type !== 'voltage' &&
      sim.type !== 'current'
    ) {
      values.set(k.key, restingValue(k));
    } else if (!sim && k.access !== 'w') values.set(k.key, restingValue(k));
  }

  const anyOn = (keys: string[]) => keys.some((key) => Number(values.get(key) ?? 0) === 1);

  function set(key: string, v: Value, out: Changes): void {
    if (values.get(key) !== v) {
      values.set(key, v);
      out[key] = v;
    }
  }

  /** Status flags follow the values they are declared on. */
  function updateFlags(out: Changes): void {
    for (const k of profile.keys) {
      if (k.sim?.type === 'flag') set(k.key, holds(k.sim.when, values) ? 1 : 0, out);
    }
  }

  function measure(out: Changes): void {
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

  function applyAll(record: Readonly<Record<string, number>> | undefined, out: Changes): void {
    for (const [key, v] of Object.entries(record ?? {})) set(key, v, out);
  }

  function stepCountdown(k: KeyDef, dtMs: number, out: Changes): void {
    if (k.sim?.type !== 'countdown') return;
    const sim = k.sim;
    const hours = () => (sim.hoursKey ? Number(values.get(sim.hoursKey) ?? 0) : 0);
    const running =
      (Number(values.get(k.key) ?? 0) > 0 || hours() > 0) && (!sim.while || holds(sim.while, values));
    if (!running) {
      elapsed.delete(k.key);
      return;
    }
    let acc = (elapsed.get(k.key) ?? 0) + dtMs;
    while (acc >= sim.unitMs) {
      acc -= sim.unitMs;
      const v = Number(values.get(k.key) ?? 0);
      if (v > 0) set(k.key, v - 1, out);
      else if (sim.hoursKey && hours() > 0) {
        set(sim.hoursKey, hours() - 1, out);
        set(k.key, 59, out);
      }
      if (Number(values.get(k.key)) === 0 && hours() === 0) {
        applyAll(sim.onZero, out);
        acc = 0;
        break;
      }
    }
    elapsed.set(k.key, acc);
  }

  function stepDrift(k: KeyDef, dtMs: number, out: Changes): void {
    if (k.sim?.type !== 'drift') return;
    const sim = k.sim;
    const goal =
      !sim.while || holds(sim.while, values) ? Number(values.get(sim.toward) ?? sim.idle) : sim.idle;
    const cur = Number(values.get(k.key) ?? sim.initial);
    const step = (sim.perMinute * dtMs) / 60_000;
    const next = Math.abs(goal - cur) <= step ? goal : cur + Math.sign(goal - cur) * step;
    values.set(k.key, next);
    if (round(next, 1) !== round(cur, 1)) out[k.key] = round(next, 1);
  }

  function stepPhase(k: KeyDef, dtMs: number, out: Changes): void {
    if (k.sim?.type !== 'phase') return;
    const sim = k.sim;
    if (sim.remainingKey) {
      stepProgram(k.key, sim, sim.remainingKey, out);
      return;
    }
    if (Number(values.get(sim.runKey) ?? 0) !== 1) return;
    const t = (elapsed.get(k.key) ?? 0) + dtMs;
    const idx = Math.floor(t / (sim.phaseMs ?? 60_000));
    if (idx >= sim.phases.length) {
      elapsed.delete(k.key);
      set(k.key, 0, out);
      applyAll(sim.onEnd, out);
      return;
    }
    elapsed.set(k.key, t);
    set(k.key, sim.phases[idx] ?? 0, out);
  }

  /**
   * A program run (`ProgramRun`): its phase from the share of the starting length already counted
   * down; at 0 the done value and the length back. The remaining key's own countdown runs the clock.
   */
  function stepProgram(key: string, sim: PhaseSim, remainingKey: string, out: Changes): void {
    const remaining = Number(values.get(remainingKey) ?? 0);
    const length = runLength.get(key);
    if (length === undefined) return;
    if (remaining <= 0) {
      runLength.delete(key);
      set(key, sim.doneValue ?? 0, out);
      set(remainingKey, length, out);
      applyAll(sim.onEnd, out);
      return;
    }
    const share = Math.floor(((length - remaining) / length) * sim.phases.length);
    set(key, sim.phases[Math.min(sim.phases.length - 1, Math.max(0, share))] ?? 0, out);
  }

  /** Runs that begin now: started, no delay left, time to run. Their length is kept. */
  function startPrograms(out: Changes): void {
    for (const k of profile.keys) {
      const sim = k.sim;
      if (sim?.type !== 'phase' || !sim.remainingKey || runLength.has(k.key)) continue;
      const remaining = Number(values.get(sim.remainingKey) ?? 0);
      const waiting = sim.waitKey !== undefined && Number(values.get(sim.waitKey) ?? 0) > 0;
      if (Number(values.get(sim.runKey) ?? 0) !== 1 || waiting || remaining <= 0) continue;
      runLength.set(k.key, remaining);
      set(k.key, sim.phases[0] ?? 0, out);
    }
  }

  /** A write to a run's `resetBy` keys while it is paused ends the run (`ProgramRun`). */
  function resetPrograms(written: ReadonlySet<string>, out: Changes): void {
    for (const k of profile.keys) {
      const sim = k.sim;
      if (sim?.type !== 'phase' || !sim.remainingKey || !sim.resetBy?.some((r) => written.has(r))) continue;
      if (Number(values.get(sim.runKey) ?? 0) === 1) continue;
      const length = runLength.get(k.key);
      runLength.delete(k.key);
      if (length !== undefined && !written.has(sim.remainingKey)) set(sim.remainingKey, length, out);
      set(k.key, 0, out);
    }
  }

  /** Statuses that follow the values (`cases`): the first case that holds. */
  function updateCases(out: Changes): void {
    for (const k of profile.keys) {
      if (k.sim?.type !== 'cases') continue;
      const hit = k.sim.cases.find((c) => holds(c.when, values));
      if (hit) set(k.key, hit.value, out);
    }
  }

  function stepEvent(k: KeyDef, dtMs: number, out: Changes): void {
    const sim = k.sim;
    if (sim?.type !== 'event' && sim?.type !== 'stamp') return;
    const t = (elapsed.get(k.key) ?? 0) + dtMs;
    if (t < sim.everyMs) {
      elapsed.set(k.key, t);
      return;
    }
    elapsed.set(k.key, t % sim.everyMs);
    if (sim.type === 'stamp') {
      out[k.key] = new Date(now()).toISOString();
      values.set(k.key, out[k.key] as string);
      return;
    }
    const i = cycleIndex.get(k.key) ?? 0;
    cycleIndex.set(k.key, (i + 1) % sim.cycle.length);
    // An event is reported even when it repeats the last value: it is a new occurrence.
    const v = sim.cycle[i] ?? 0;
    values.set(k.key, v);
    out[k.key] = v;
  }

  /** A signal reading now and then, a few dBm around where the device settled. */
  function stepSignal(k: KeyDef, dtMs: number, out: Changes): void {
    if (k.sim?.type !== 'signal') return;
    const sim = k.sim;
    const t = (elapsed.get(k.key) ?? 0) + dtMs;
    if (t < sim.everyMs) {
      elapsed.set(k.key, t);
      return;
    }
    elapsed.set(k.key, t % sim.everyMs);
    const base = signalBase.get(k.key) ?? sim.strongest;
    const v = Math.max(-100, Math.min(0, Math.round(base + (rng() - 0.5) * 2 * sim.jitter)));
    // Reported every time, as firmware sends its reading on a clock whether or not it moved.
    values.set(k.key, v);
    out[k.key] = v;
  }

  function errorKeys(code: string): string[] {
    return (getError(code)?.flags ?? []).filter((f) => keyDefs.has(f));
  }

  function clearErrors(): Changes {
    const out: Changes = {};
    if (keyDefs.has('error_code')) set('error_code', '', out);
    for (const code of profile.errors) for (const f of errorKeys(code)) set(f, 0, out);
    updateFlags(out);
    return out;
  }

  const initial: Changes = {};
  updateFlags(initial);

  return {
    profile,
    values,
    write(pairs) {
      enforce(profile, values, pairs);
      const changed: Changes = {};
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
        const asked = profile.keys.find((k) => k.key === Key)?.sim;
        if (asked?.type === 'clear_errors') {
          Object.assign(changed, clearErrors());
          continue;
        }
        if (asked?.type === 'apply') {
          applyAll(asked.values, changed);
          continue;
        }
        if (keyOfAccess(profile, Key) === 'w') continue;
        if (values.get(Key) !== v) {
          values.set(Key, v);
          changed[Key] = v;
          loadChanged = true;
        }
      }
      resetPrograms(new Set(pairs.map((p) => p.Key)), changed);
      startPrograms(changed);
      updateCases(changed);
      updateFlags(changed);
      // A load switched on or off shows on the meter at once, as a real plug's next sample would.
      if (loadChanged && profile.keys.some((k) => k.sim?.type === 'power')) measure(changed);
      return changed;
    },
    tick(dtMs) {
      const out: Changes = {};
      startPrograms(out);
      for (const k of reported) {
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
        } else if (sim?.type === 'power') {
          const t = (elapsed.get(k.key) ?? 0) + dtMs;
          if (t >= sim.everyMs) {
            elapsed.set(k.key, 0);
            measure(out);
          } else elapsed.set(k.key, t);
        } else if (sim?.type === 'countdown') stepCountdown(k, dtMs, out);
        else if (sim?.type === 'drift') stepDrift(k, dtMs, out);
        else if (sim?.type === 'phase') stepPhase(k, dtMs, out);
        else if (sim?.type === 'event' || sim?.type === 'stamp') stepEvent(k, dtMs, out);
        else if (sim?.type === 'signal') stepSignal(k, dtMs, out);
      }
      updateCases(out);
      updateFlags(out);
      return out;
    },
    snapshot() {
      const out: Changes = {};
      if (profile.keys.some((k) => k.sim?.type === 'power')) measure(out);
      for (const k of reported) {
        if (k.access === 'w') continue;
        const v = values.get(k.key);
        if (v !== undefined) out[k.key] = typeof v === 'number' ? Math.round(v * 1000) / 1000 : v;
      }
      return out;
    },
    raise(code) {
      const def = getError(code);
      if (!def || !profile.errors.includes(code)) {
        throw new CatalogError(`${profile.id} has no error ${code}`, 'invalid_argument');
      }
      const out: Changes = {};
      if (keyDefs.has('error_code')) set('error_code', def.wire, out);
      for (const f of errorKeys(code)) set(f, 1, out);
      updateFlags(out);
      return out;
    },
    clearErrors,
  };
}

function keyOfAccess(profile: ModelProfile, key: string) {
  return profile.keys.find((k) => k.key === key)?.access;
}
