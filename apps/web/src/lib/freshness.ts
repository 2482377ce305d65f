import type { ModelProfile } from '@hestia/catalog';

/** Kinds of readings a device sends on a clock, not only when they change. */
const PERIODIC = new Set(['power', 'voltage', 'current', 'event', 'stamp']);

/**
 * A reading counts as outdated once it is older than this many reporting intervals: one late or lost
 * report should not make the value flicker.
 */
export const OUTDATED_AFTER_INTERVALS = 2;

export interface ReportingPlan {
  /** The device's shortest reporting interval in ms. */
  intervalMs: number;
  /** The keys it reports on that clock. */
  keys: readonly string[];
}

/**
 * When a device model reports on its own: the shortest interval of its periodic readings (power,
 * voltage and current go with power's sample). Null for a model that only reports changes.
 */
export function reportingPlanOf(profile: ModelProfile | undefined): ReportingPlan | null {
  if (!profile) return null;
  let intervalMs = Number.POSITIVE_INFINITY;
  const keys: string[] = [];
  for (const k of profile.keys) {
    const sim = k.sim;
    if (!sim || !PERIODIC.has(sim.type)) continue;
    keys.push(k.key);
    if ('everyMs' in sim) intervalMs = Math.min(intervalMs, sim.everyMs);
  }
  return keys.length > 0 && Number.isFinite(intervalMs) ? { intervalMs, keys } : null;
}

/** The periodic keys whose latest value (`[ts, value]`) is older than the plan allows at `now`. */
export function outdatedKeysOf(
  plan: ReportingPlan | null,
  values: Readonly<Record<string, readonly [number, unknown]>> | undefined,
  now: number,
): string[] {
  if (!plan || !values) return [];
  const limit = plan.intervalMs * OUTDATED_AFTER_INTERVALS;
  return plan.keys.filter((key) => {
    const point = values[key];
    return point !== undefined && now - point[0] > limit;
  });
}
