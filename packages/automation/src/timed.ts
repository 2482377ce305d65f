import { ConditionType, RepeatType } from '@hestia/contract';
import { nextOccurrence } from './recurrence.ts';
import { type Condition, type Recurrence, recurrenceSchema } from './schemas.ts';

const isTimed = (c: Condition) =>
  c.conditionType === ConditionType.Schedule || c.conditionType === ConditionType.Timer;

function objectOf(raw: unknown): Record<string, unknown> | null {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;
}

/**
 * The recurrence of a Schedule or Timer condition: `metadata.schedule`, or the metadata itself, in
 * the shape of a schedule. A missing time zone means the owner's; a Timer condition without a repeat
 * type repeats every `timerInterval` minutes. Null when the condition is not timed or not complete.
 */
export function conditionRecurrence(condition: Condition, defaultTimeZone: string): Recurrence | null {
  if (!isTimed(condition)) return null;
  const meta = objectOf(condition.metadata);
  if (!meta) return null;
  const inner = objectOf(meta.schedule) ?? meta;
  const parsed = recurrenceSchema.safeParse({
    time: '00:00',
    ...(condition.conditionType === ConditionType.Timer ? { repeatType: 5 } : {}),
    ...inner,
    timeZone: typeof inner.timeZone === 'string' ? inner.timeZone : defaultTimeZone,
  });
  if (!parsed.success) return null;
  if (parsed.data.repeatType === RepeatType.Timer && !parsed.data.timerInterval) return null;
  return parsed.data;
}

/** Indexes of timed conditions whose recurrence is missing or incomplete (to refuse on save). */
export function incompleteTimedConditions(conditions: readonly Condition[], timeZone: string): number[] {
  return conditions.flatMap((c, i) => (isTimed(c) && !conditionRecurrence(c, timeZone) ? [i] : []));
}

export interface TimedFire {
  at: number;
  /** The timed conditions due at `at`, in condition order. */
  indexes: number[];
}

/** The earliest moment strictly after `after` at which any timed condition fires, or null for none. */
export function nextTimedFire(
  conditions: readonly Condition[],
  timeZone: string,
  after: number,
): TimedFire | null {
  let best: TimedFire | null = null;
  conditions.forEach((c, index) => {
    const rec = conditionRecurrence(c, timeZone);
    if (!rec) return;
    const at = nextOccurrence(rec, after);
    if (at === null) return;
    if (!best || at < best.at) best = { at, indexes: [index] };
    else if (at === best.at) best.indexes.push(index);
  });
  return best;
}
