/**
 * Enumerations of spec section 3, with the numeric values the API stores: the one definition, used
 * by the server, the automation engine and the web app. Plain `as const` objects (not TS enums) so
 * values stay JSON-friendly and erasable; no zod, so `@hestia/contract/light` carries them.
 */

export const RepeatType = { Once: 0, Daily: 1, Weekly: 2, Monthly: 3, Yearly: 4, Timer: 5 } as const;
export type RepeatType = (typeof RepeatType)[keyof typeof RepeatType];

const repeatTypeByText: Record<string, RepeatType> = {
  Once: RepeatType.Once,
  Daily: RepeatType.Daily,
  Weekly: RepeatType.Weekly,
  Monthly: RepeatType.Monthly,
  Yearly: RepeatType.Yearly,
  Timer: RepeatType.Timer,
};

/** The text names map to their values; any other text means Once (spec section 3). */
export function repeatTypeFromText(text: string | null | undefined): RepeatType {
  if (text == null) return RepeatType.Once;
  return Object.hasOwn(repeatTypeByText, text) ? (repeatTypeByText[text] as RepeatType) : RepeatType.Once;
}

/** Weekdays run Saturday to Friday (spec section 3): Saturday is 0, Friday is 6. */
export const Weekday = {
  Saturday: 0,
  Sunday: 1,
  Monday: 2,
  Tuesday: 3,
  Wednesday: 4,
  Thursday: 5,
  Friday: 6,
} as const;
export type Weekday = (typeof Weekday)[keyof typeof Weekday];

/** Converts a JavaScript day (Sunday 0 … Saturday 6) to the spec's Saturday-first weekday. */
export function weekdayFromJsDay(jsDay: number): Weekday {
  return ((jsDay + 1) % 7) as Weekday;
}

export const ConditionType = {
  none: -1,
  TapToRun: 0,
  Schedule: 1,
  Timer: 2,
  DeviceParam: 3,
  Notify: 4,
  Location: 5,
  Weather: 6,
} as const;
export type ConditionType = (typeof ConditionType)[keyof typeof ConditionType];

export const ComparisonType = {
  Equal: 0,
  Smaller: 1,
  Bigger: 2,
  SmallerEqual: 3,
  BiggerEqual: 4,
  NotEqual: 5,
} as const;
export type ComparisonType = (typeof ComparisonType)[keyof typeof ComparisonType];

/** allCondition: every condition must hold; perCondition: any one is enough. */
export const ConditionCheckType = { allCondition: 0, perCondition: 1 } as const;
export type ConditionCheckType = (typeof ConditionCheckType)[keyof typeof ConditionCheckType];

/** Reverse lookup for explanations: the name of a numeric enum value. */
export function enumName<T extends Record<string, number>>(values: T, value: number): string {
  for (const [name, v] of Object.entries(values)) if (v === value) return name;
  return String(value);
}
