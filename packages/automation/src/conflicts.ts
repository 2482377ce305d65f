import type { TelemetryValue } from '@hestia/contract';
import { ComparisonType, ConditionType } from '@hestia/contract';
import { type AnalysedAutomation, describeParameter, type Naming, quoted } from './analysis.ts';
import { compareValues, comparisonsOverlap, describeComparison, formatValue } from './compare.ts';
import { planActions } from './plan.ts';
import { nextOccurrence } from './recurrence.ts';
import { type Condition, type Recurrence, scheduleMetadataSchema } from './schemas.ts';

export interface ConflictFinding {
  automationIds: [string, string];
  deviceId: string;
  deviceParameterId: string;
  values: [TelemetryValue | null, TelemetryValue | null];
  /** When both writes happen, ms after the shared trigger. */
  atMs: number;
  reason: 'sameTrigger' | 'sameScheduleTime';
  /** For schedules: the first instant both fire at. */
  at?: number;
  explanation: string;
}

export interface ConflictOptions {
  /** Schedules are compared from this instant on. */
  now: number;
  /** How far ahead schedules are compared: 366 days unless told. */
  horizonMs?: number;
  naming?: Naming;
}

const DEFAULT_HORIZON_MS = 366 * 86_400_000;
/** Bounds the walk through two schedules' occurrences (a one-minute timer for a year is 500 000). */
const MAX_SCHEDULE_STEPS = 20_000;

interface SharedTrigger {
  reason: ConflictFinding['reason'];
  at?: number;
  text: string;
}

function deviceParamConditions(automation: AnalysedAutomation): Condition[] {
  return automation.conditions.filter((c) => c.conditionType === ConditionType.DeviceParam && c.deviceId);
}

function schedulesOf(automation: AnalysedAutomation): Recurrence[] {
  return automation.conditions.flatMap((c) => {
    if (c.conditionType !== ConditionType.Schedule && c.conditionType !== ConditionType.Timer) return [];
    const parsed = scheduleMetadataSchema.safeParse(c.metadata);
    return parsed.success ? [parsed.data.schedule] : [];
  });
}

/** The first instant in (now, now + horizon] at which both schedules fire, if any. */
function firstCommonRun(a: Recurrence, b: Recurrence, now: number, until: number): number | null {
  let x = nextOccurrence(a, now);
  let y = nextOccurrence(b, now);
  for (let step = 0; step < MAX_SCHEDULE_STEPS && x !== null && y !== null; step++) {
    if (x > until || y > until) return null;
    if (x === y) return x;
    if (x < y) x = nextOccurrence(a, y - 1);
    else y = nextOccurrence(b, x - 1);
  }
  return null;
}

function sharedTrigger(
  a: AnalysedAutomation,
  b: AnalysedAutomation,
  options: ConflictOptions,
  naming: Naming,
): SharedTrigger | null {
  for (const ca of deviceParamConditions(a)) {
    for (const cb of deviceParamConditions(b)) {
      if (ca.deviceId !== cb.deviceId || ca.deviceParameterId !== cb.deviceParameterId) continue;
      const first = { comparison: ca.comparisonType ?? ComparisonType.Equal, value: ca.value };
      const second = { comparison: cb.comparisonType ?? ComparisonType.Equal, value: cb.value };
      if (!comparisonsOverlap(first, second)) continue;
      const what = describeParameter(naming, ca.deviceId as string, ca.deviceParameterId ?? '');
      return {
        reason: 'sameTrigger',
        text: `both react to ${what} (${describeComparison(first.comparison, first.value)} and ${describeComparison(second.comparison, second.value)})`,
      };
    }
  }
  const until = options.now + (options.horizonMs ?? DEFAULT_HORIZON_MS);
  for (const sa of schedulesOf(a)) {
    for (const sb of schedulesOf(b)) {
      const at = firstCommonRun(sa, sb, options.now, until);
      if (at !== null) {
        return {
          reason: 'sameScheduleTime',
          at,
          text: `both run on schedule at ${new Date(at).toISOString()}`,
        };
      }
    }
  }
  return null;
}

function writesOf(automation: AnalysedAutomation) {
  return planActions(automation.commands, automation.commandInorderExecution ?? false).steps.flatMap((step) =>
    step.writes.map((w) => ({ atMs: step.atMs, deviceId: step.deviceId, ...w })),
  );
}

/**
 * Pairs of automations that could fire together and, at the same moment after firing, write
 * different values to the same device parameter, so which one wins is a matter of chance. Firing
 * together means a DeviceParam condition on the same parameter that both can meet at once, or
 * schedules that share a run within the horizon. Writes whose value is not known are not compared.
 */
export function findConflicts(
  automations: readonly AnalysedAutomation[],
  options: ConflictOptions,
): ConflictFinding[] {
  const naming = options.naming ?? {};
  const writes = automations.map(writesOf);
  const findings: ConflictFinding[] = [];
  for (let i = 0; i < automations.length; i++) {
    for (let j = i + 1; j < automations.length; j++) {
      const a = automations[i] as AnalysedAutomation;
      const b = automations[j] as AnalysedAutomation;
      const clashes = (writes[i] ?? []).flatMap((wa) =>
        (writes[j] ?? [])
          .filter(
            (wb) =>
              wa.atMs === wb.atMs &&
              wa.deviceId === wb.deviceId &&
              wa.deviceParameterId === wb.deviceParameterId &&
              wa.value !== null &&
              wb.value !== null &&
              compareValues(wa.value, ComparisonType.Equal, wb.value) === false,
          )
          .map((wb) => [wa, wb] as const),
      );
      if (clashes.length === 0) continue;
      const trigger = sharedTrigger(a, b, options, naming);
      if (!trigger) continue;
      for (const [wa, wb] of clashes) {
        const target = describeParameter(naming, wa.deviceId, wa.deviceParameterId);
        const when = wa.atMs === 0 ? 'at the same moment' : `${wa.atMs / 1000} s after firing`;
        findings.push({
          automationIds: [a.id, b.id],
          deviceId: wa.deviceId,
          deviceParameterId: wa.deviceParameterId,
          values: [wa.value, wb.value],
          atMs: wa.atMs,
          reason: trigger.reason,
          ...(trigger.at === undefined ? {} : { at: trigger.at }),
          explanation: `${quoted(a)} and ${quoted(b)} ${trigger.text}, and ${when} set ${target} to ${formatValue(wa.value)} and ${formatValue(wb.value)}; which one wins cannot be predicted.`,
        });
      }
    }
  }
  return findings;
}
