import type { FamilyId } from './families/index.ts';
import type { Source } from './types.ts';

/**
 * The English names of every enum key's values (issue 19), so no screen shows a bare mode number.
 * Names are grouped in option sets; a key takes the set of its own name (numbered keys by their
 * base: `relay_memory_mode_3` → `relay_memory_mode`, `key_two_status` → `key_status`), unless its
 * family has its own set for that key (a washer's `phase` is not a dishwasher's). The web app
 * translates a value under `catalog.options.<set>.<value>` (apps/web/src/locales/catalog), and the
 * sweep (catalogue.sweep.test.ts) checks every value of every model is named there in en, fa, ar
 * and tr, with the English text equal to the name given here.
 *
 * `source`: `given` when the spec names the values, `chosen` when it names only the key.
 */
export interface OptionSet {
  source: Source;
  names: Readonly<Record<number, string>>;
}

const numbered = (values: readonly number[], name: (v: number) => string) =>
  Object.fromEntries(values.map((v) => [v, name(v)]));
const upTo = (n: number, from = 1) => Array.from({ length: n - from + 1 }, (_, i) => from + i);
const set = (names: Record<number, string>, source: Source = 'chosen'): OptionSet => ({ source, names });

export const OPTION_SETS = {
  // Switches and relays.
  relay_memory_mode: set({ 0: 'Off', 1: 'On', 2: 'As before' }),
  channel_action_mode: set({ 0: 'Tap', 1: 'Hold' }, 'given'),
  key_status: set({ 0: 'Idle', 1: 'Tap', 2: 'Hold' }, 'given'),
  fan_speed: set({ 0: 'Off', ...numbered(upTo(5), (v) => `Speed ${v}`) }),
  // Curtains (the reconfiguration steps are the spec's, section 4).
  config_status: set(
    { 0: 'Idle', 1: 'Opening', 2: 'Stopped', 3: 'Closing', 4: 'Stopped', 5: 'Configured', 6: 'Failed' },
    'given',
  ),
  open_request: set({ 1: 'Open' }),
  close_request: set({ 1: 'Close' }),
  pause_request: set({ 1: 'Stop' }),
  // Sensors, buttons, inputs.
  motion_status: set({ 0: 'No motion', 1: 'Motion' }),
  sensor_status: set({ 0: 'Closed', 1: 'Open' }),
  vibration_status: set({ 0: 'Still', 1: 'Vibrating' }),
  input: set({ 0: 'Inactive', 1: 'Active' }),
  // Door lock (the open methods are the spec's, section 3).
  event: set({ 0: 'No event', 1: 'Opened', 2: 'Locked', 3: 'Failed attempt' }),
  user_type: set({ 0: 'Admin', 1: 'User', 2: 'Guest' }),
  user_number: set(numbered(upTo(5), (v) => `User ${v}`)),
  open_method: set({ 0: 'Fingerprint', 1: 'Password', 2: 'Card', 3: 'Mobile' }, 'given'),
  bell: set({ 0: 'Silent', 1: 'Ringing' }),
  unlock: set({ 1: 'Unlock' }),
  // Vacuum cleaner.
  move: set({ 0: 'Stop', 1: 'Clean', 2: 'Spot clean', 3: 'Edge clean' }),
  state: set({ 0: 'Docked', 1: 'Cleaning', 2: 'Returning to dock' }),
  home: set({ 1: 'Back to dock' }),
  // Climate.
  summer_winter: set({ 0: 'Summer (cooling)', 1: 'Winter (heating)' }),
  winter_summer: set({ 0: 'Winter (heating)', 1: 'Summer (cooling)' }),
  speed: set(numbered(upTo(6), (v) => `Speed ${v}`)),
  ac_mode: set({ 0: 'Cool', 1: 'Heat', 2: 'Dry', 3: 'Fan', 4: 'Auto' }),
  // Water.
  boiler_mode: set({ 0: 'Off', 1: 'Winter (heating and hot water)', 2: 'Summer (hot water only)' }),
  water_heater_mode: set({ 0: 'Off', 1: 'On', 2: 'Eco' }),
  system_submode: set({ 0: 'Normal', 1: 'Boost' }),
  reset_error: set({ 1: 'Reset' }),
  reset_to_manual: set({ 1: 'Back to manual' }),
  // Kitchen.
  turn_off_all: set({ 1: 'Turn all off' }),
  cooking_mode: set({
    0: 'No mode',
    1: 'Top and bottom',
    2: 'Fan',
    3: 'Grill',
    4: 'Top and grill',
    5: 'Grill and rotisserie',
    6: 'Defrost',
    7: 'Bottom',
    8: 'Fan and grill',
    9: 'Pizza',
    10: 'Eco',
    11: 'Steam',
  }),
  program_number: set({
    0: 'No program',
    1: 'Cake',
    2: 'Roast beef',
    3: 'Slow cooking',
    4: 'Roast lamb',
    5: 'Bread',
    6: 'Cookies',
    7: 'Whole turkey',
    8: 'Roast chicken',
    9: 'Lasagne',
    10: 'One-hour cooking',
    11: 'Steamed vegetables',
    12: 'Multi-step',
  }),
  oven_phase: set({ 0: 'Idle', 1: 'Preheating', 2: 'Cooking', 3: 'Done' }),
  save_program: set(numbered(upTo(10), (v) => `Program ${v}`)),
  microwave_program: set({
    0: 'Manual',
    1: 'Popcorn',
    2: 'Drinks',
    3: 'Potatoes',
    4: 'Pizza',
    5: 'Vegetables',
    6: 'Rice',
    7: 'Pasta',
    8: 'Fish',
    9: 'Chicken',
    10: 'Meat',
    11: 'Soup',
    12: 'Reheat',
  }),
  power_level: set(numbered(upTo(10), (v) => `Level ${v}`)),
  defrost_mode: set({ 0: 'Off', 1: 'By time', 2: 'By weight' }),
  // Laundry and dishes.
  wash_program: set({
    1: 'Cotton',
    2: 'Cotton eco',
    3: 'Synthetics',
    4: 'Mixed',
    5: 'Delicates',
    6: 'Wool',
    7: 'Hand wash',
    8: 'Quick 15 min',
    9: 'Quick 30 min',
    10: 'Bedding',
    11: 'Shirts',
    12: 'Jeans',
    13: 'Sportswear',
    14: 'Baby care',
    15: 'Rinse and spin',
  }),
  dish_program: set({
    1: 'Auto',
    2: 'Intensive',
    3: 'Normal',
    4: 'Eco',
    5: 'Glass',
    6: 'Quick',
    7: 'Pre-rinse',
    8: 'One hour',
  }),
  wash_phase: set({ 0: 'Idle', 1: 'Washing', 2: 'Rinsing', 3: 'Spinning', 4: 'Done' }),
  dish_phase: set({ 0: 'Idle', 1: 'Pre-wash', 2: 'Washing', 3: 'Rinsing', 4: 'Drying', 5: 'Done' }),
  spin: set({ 0: 'No spin', ...numbered([400, 600, 800, 1000, 1200, 1400], (v) => `${v} rpm`) }),
  temp: set({ 0: 'Cold', ...numbered([20, 30, 40, 45, 55, 60, 65, 70, 90], (v) => `${v} °C`) }),
  soil_level: set({ 1: 'Light', 2: 'Normal', 3: 'Heavy' }),
} as const satisfies Record<string, OptionSet>;

export type OptionSetId = keyof typeof OPTION_SETS;

/** Keys whose values mean something else in one family than their name says elsewhere. */
const FAMILY_SETS: Partial<Record<FamilyId, Readonly<Record<string, OptionSetId>>>> = {
  air_conditioner: { mode: 'ac_mode' },
  boiler: { system_mode: 'boiler_mode' },
  water_heater: { system_mode: 'water_heater_mode' },
  microwave: { program: 'microwave_program' },
  oven: { phase: 'oven_phase' },
  washing_machine: { programnumber: 'wash_program', phase: 'wash_phase' },
  dishwasher: { programnumber: 'dish_program', phase: 'dish_phase' },
};

const WORD_NUMBER = /^key_(one|two|three|four|five|six)_status$/;

/** A numbered key's base: `relay_memory_mode_3`, `cooking_mode_2` and `key_two_status` share one set. */
export const optionKeyBase = (key: string) =>
  WORD_NUMBER.test(key) ? 'key_status' : key.replace(/_\d+$/, '');

const isSetId = (id: string): id is OptionSetId => Object.hasOwn(OPTION_SETS, id);

/** The option set naming `key`'s values in `family`, or undefined when its values have no names. */
export function optionSetId(family: FamilyId | undefined, key: string): OptionSetId | undefined {
  const base = optionKeyBase(key);
  const own = family ? FAMILY_SETS[family]?.[base] : undefined;
  if (own) return own;
  // A key some family names on its own has no shared meaning to fall back to.
  if (Object.values(FAMILY_SETS).some((sets) => sets && base in sets)) return undefined;
  return isSetId(base) ? base : undefined;
}

/** The English name of `value` of `key` in `family`, or undefined when it has none. */
export function optionName(family: FamilyId | undefined, key: string, value: number): string | undefined {
  const id = optionSetId(family, key);
  return id ? (OPTION_SETS[id].names as Record<number, string>)[value] : undefined;
}
