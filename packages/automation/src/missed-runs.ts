import { nextOccurrence, occurrencesBetween, type RecurrenceInput } from './recurrence.ts';

/** How late a missed occurrence may still run: 15 minutes. */
export const DEFAULT_GRACE_MS = 15 * 60_000;

export interface MissedRunInput {
  schedule: RecurrenceInput;
  /**
   * The scheduled instant of the last occurrence already handled (run or skipped), or the moment the
   * schedule was saved or activated when it has never run. Keeping the occurrence instant, not the
   * time it finished, is what makes the plan idempotent: planning twice never yields a run twice.
   */
  lastHandledAt: number;
  now: number;
  graceMs?: number;
  /** At most this many missed occurrences are listed. */
  limit?: number;
}

export interface MissedRunPlan {
  /** Occurrences in (lastHandledAt, now], earliest first, at most `limit`. */
  missed: number[];
  /** More occurrences were missed than listed. */
  truncated: boolean;
  /** The one missed occurrence to run now, or null. */
  runNow: number | null;
  /** Missed occurrences that are skipped: all listed ones except `runNow`. */
  skipped: number[];
  /** The next occurrence after now, to queue as the following job. */
  next: number | null;
}

/**
 * What to do after downtime. Policy: the latest missed occurrence runs once, now, if it fell due no
 * more than `graceMs` ago; every other missed occurrence, and the latest one when it is older, is
 * skipped (a light switched on two hours late is worse than not at all). The caller then records
 * `now` (or `runNow`) as handled and queues `next`.
 */
export function missedRunPlan(input: MissedRunInput): MissedRunPlan {
  const { schedule, lastHandledAt, now } = input;
  const graceMs = input.graceMs ?? DEFAULT_GRACE_MS;
  const limit = input.limit ?? 100;
  const listed = occurrencesBetween(schedule, lastHandledAt, now, limit + 1);
  const truncated = listed.length > limit;
  const missed = listed.slice(0, limit);
  const recent = occurrencesBetween(schedule, Math.max(lastHandledAt, now - graceMs - 1), now, 100_000);
  const runNow = recent.at(-1) ?? null;
  return {
    missed,
    truncated,
    runNow,
    skipped: missed.filter((at) => at !== runNow),
    next: nextOccurrence(schedule, now),
  };
}
