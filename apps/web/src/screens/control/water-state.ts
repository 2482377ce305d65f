import type { KeyDef } from '@hestia/catalog';
import type { TelemetryValue } from '@hestia/contract';
import { isOn, numberOf } from '../../lib/device-state.ts';

type Values = Readonly<Record<string, TelemetryValue>>;

/** The parts of the boiler's live diagram, each drawn from one status flag (spec section 3). */
export const BOILER_PARTS = [
  { part: 'flame', key: 'flame_status' },
  { part: 'fan', key: 'fan_status' },
  { part: 'gas_valve', key: 'gas_valve_status' },
  { part: 'ignitor', key: 'ignitor_status' },
  { part: 'pump', key: 'pump_status' },
  { part: 'three_way_valve', key: 'three_way_valve_status' },
  { part: 'air_pressure', key: 'air_pressure_switch' },
  { part: 'water_pressure', key: 'water_pressure_switch' },
  { part: 'water_flow', key: 'water_flow_status' },
] as const;

export type BoilerPart = (typeof BOILER_PARTS)[number]['part'];

export interface BoilerDiagram {
  /** Each part on or off; undefined while the boiler has not reported that flag. */
  parts: Record<BoilerPart, boolean | undefined>;
  /**
   * Where the heat goes: the three-way valve turned to the hot-water side (1) sends it to the taps,
   * otherwise the pump moves it through the radiators; `idle` when neither the pump nor the flow runs.
   */
  route: 'heating' | 'hot_water' | 'idle';
  /** Active fault numbers from the b_e1..b_e76 flags, ascending. */
  faults: number[];
}

const flag = (values: Values, key: string) => (values[key] === undefined ? undefined : isOn(values[key]));

/** What the boiler is doing, in one word for the diagram's caption. */
export type BoilerActivity = 'off' | 'fault' | 'heating' | 'hot_water' | 'resting' | 'idle';

/**
 * The caption's word: off when its mode is off, locked out while a fault flag is raised, heating the
 * radiators or the hot water while the flame burns, resting when water moves but the burner is off
 * (at temperature), idle otherwise.
 */
export function boilerActivity(diagram: BoilerDiagram, mode: number | undefined): BoilerActivity {
  if (mode === 0) return 'off';
  if (diagram.faults.length > 0) return 'fault';
  if (diagram.route === 'idle') return 'idle';
  return diagram.parts.flame ? diagram.route : 'resting';
}

/** What the boiler's diagram shows for its latest values. Pure, so a test can walk every state. */
export function boilerDiagram(values: Values): BoilerDiagram {
  const parts = Object.fromEntries(BOILER_PARTS.map(({ part, key }) => [part, flag(values, key)])) as Record<
    BoilerPart,
    boolean | undefined
  >;
  const route =
    parts.three_way_valve && (parts.water_flow || parts.pump) ? 'hot_water' : parts.pump ? 'heating' : 'idle';
  const faults = Object.entries(values)
    .flatMap(([key, v]) => {
      const m = /^b_e(\d+)$/.exec(key);
      return m && isOn(v) ? [Number(m[1])] : [];
    })
    .sort((a, b) => a - b);
  return { parts, route, faults };
}

/**
 * The range a setpoint may take: the catalogue's (30–75 for hot water, spec section 5), narrowed to
 * the limits the appliance reports about itself (a boiler's heating minimum and maximum) when those
 * are sensible (inside the catalogue's range, minimum not above maximum).
 */
export function setpointRange(
  def: Pick<KeyDef, 'min' | 'max'>,
  values: Values,
  minKey?: string,
  maxKey?: string,
): { min: number; max: number } {
  const min = def.min ?? 0;
  const max = def.max ?? 100;
  const low = minKey ? numberOf(values[minKey]) : undefined;
  const high = maxKey ? numberOf(values[maxKey]) : undefined;
  const lo = low !== undefined && low >= min && low <= max ? low : min;
  const hi = high !== undefined && high <= max && high >= min ? high : max;
  return lo <= hi ? { min: lo, max: hi } : { min, max };
}

/** A water heater's fault flags, in the order its screen lists them. */
export const WATER_HEATER_FAULTS = ['no_sensor_error', 'no_water_error', 'short_circuit_error'] as const;
