export type { AnalysedAutomation, Naming } from './analysis.ts';
export { compareValues, comparisonsOverlap, describeComparison, numericValue } from './compare.ts';
export {
  type ConditionTrace,
  type ConditionVerdict,
  type Evaluation,
  type EvaluationContext,
  evaluateAll,
  evaluateCondition,
  type TelemetryLookup,
  type Trigger,
} from './conditions.ts';
export { type ConflictFinding, type ConflictOptions, findConflicts } from './conflicts.ts';
export { distanceMeters, type GeoPoint } from './geo.ts';
export * from './jalali.ts';
export { findLoops, type LoopFinding, type TriggerLink } from './loops.ts';
export { DEFAULT_GRACE_MS, type MissedRunInput, type MissedRunPlan, missedRunPlan } from './missed-runs.ts';
export {
  type ActionPlan,
  type PlannableAction,
  type PlannedWrite,
  type PlanStep,
  planActions,
} from './plan.ts';
export { nextOccurrence, occurrencesBetween, type RecurrenceInput } from './recurrence.ts';
export * from './schemas.ts';
export { conditionRecurrence, incompleteTimedConditions, nextTimedFire, type TimedFire } from './timed.ts';
export * from './validation.ts';
export { localWeatherProvider, type WeatherProvider } from './weather.ts';
export {
  addMonthsToInstant,
  type CivilDate,
  isValidTimeZone,
  offsetAt,
  type WallClock,
  wallClockAt,
  zonedToInstant,
} from './zoned-time.ts';
