import { type FamilyId, type ModelProfile, optionSetId } from '@hestia/catalog';

/**
 * History charts of enum keys (a mode, a program, a phase, a speed): a step line whose levels are the
 * key's values, each named on the value axis and in the readout with the catalogue's option name in
 * the user's language (`useCatalogText().option`), never a bare number.
 */

/** An enum key a device history offers: its values and the family whose names it takes. */
export interface EnumChartMetric {
  key: string;
  unit: '';
  digits: 0;
  kind: 'enum';
  family: FamilyId;
  values: readonly number[];
}

/**
 * The enum keys that say what an appliance is doing, by their option-set base: modes, programs,
 * phases, speeds, seasons, levels. Settings (an output's state after a power loss, a button's action)
 * and events (a press, a bell) are not histories worth a chart.
 */
const OPERATING =
  /^(mode|cooking_mode(_\d+)?|system_mode|system_submode|defrost_mode|program|program_number(_\d+)?|programnumber|phase|speed|fan_speed|power_level|summer_winter|winter_summer|state|spin|temp|soil_level)$/;

/** A model's reported enum keys that have named values and describe its operation, in catalogue order. */
export function enumChartMetrics(profile: ModelProfile | undefined): EnumChartMetric[] {
  if (!profile) return [];
  return profile.keys
    .filter(
      (k) =>
        k.kind === 'enum' &&
        k.access !== 'w' &&
        (k.values?.length ?? 0) > 1 &&
        OPERATING.test(k.key) &&
        optionSetId(profile.family, k.key) !== undefined,
    )
    .map((k) => ({
      key: k.key,
      unit: '' as const,
      digits: 0 as const,
      kind: 'enum' as const,
      family: profile.family,
      values: [...(k.values ?? [])].sort((a, b) => a - b),
    }));
}

/** At most this many named levels on the value axis; more would overlap at the chart's height. */
export const MAX_ENUM_TICKS = 6;

/**
 * The value axis of an enum chart: one tick per value the visible series holds (all the key's values
 * when it holds none), thinned to `MAX_ENUM_TICKS` keeping the lowest and highest, and a range half a
 * level beyond them so the top and bottom steps are not drawn on the frame.
 */
export function enumAxis(
  metric: Pick<EnumChartMetric, 'values'>,
  shown: readonly (number | null)[],
): { ySplits: number[]; yRange: [number, number] } {
  const seen = [...new Set(shown.filter((v): v is number => v !== null && Number.isFinite(v)))].sort(
    (a, b) => a - b,
  );
  const levels = seen.length > 0 ? seen : [...metric.values];
  let ySplits = levels;
  if (levels.length > MAX_ENUM_TICKS) {
    const stride = Math.ceil((levels.length - 1) / (MAX_ENUM_TICKS - 1));
    ySplits = levels.filter((_, i) => i % stride === 0 || i === levels.length - 1);
  }
  const lo = levels[0] ?? 0;
  const hi = levels.at(-1) ?? lo;
  const pad = hi > lo ? Math.max(0.5, (hi - lo) * 0.08) : 1;
  return { ySplits, yRange: [lo - pad, hi + pad] };
}

/**
 * How an enum chart says a value: the option's name (`name`, i.e. `useCatalogText().option` for the
 * key and family) for a value the key declares, nothing for a point between levels (an axis tick is
 * never a made-up value), and the number in the language's digits (`number`) for a value the key does
 * not declare (a firmware newer than the catalogue).
 */
export function enumValueLabel(
  metric: Pick<EnumChartMetric, 'values'>,
  name: (value: number) => string,
  number: (value: number) => string,
): (value: number) => string {
  return (value) => {
    if (metric.values.includes(value)) return name(value);
    return Number.isInteger(value) ? number(value) : '';
  };
}
