import { keyOf, type ModelProfile } from '@hestia/catalog';
import type { TelemetryValue } from '@hestia/contract';

/** One curtain's keys: the single model reports `curtain_percentage`, the multi ones `position_n`. */
export interface CurtainKeys {
  n: number;
  position: string;
  setpoint: string;
  open: string;
  close: string;
  pause: string;
  name?: string;
  enable?: string;
}

/**
 * The name the user gave a curtain: the device's value unless it is still the factory name the
 * catalogue gives (then the screen shows its own "Curtain n" in the user's language).
 */
export function curtainName(
  profile: ModelProfile,
  values: Readonly<Record<string, TelemetryValue>>,
  key: string | undefined,
): string {
  if (!key) return '';
  const value = String(values[key] ?? '').trim();
  const sim = keyOf(profile, key)?.sim;
  const factory = sim?.type === 'state' ? String(sim.initial) : '';
  return value === factory ? '' : value;
}

/** The curtains of a model, 1 to 3 (spec section 9), with the keys each is driven by. */
export function curtainsOf(profile: ModelProfile): CurtainKeys[] {
  const has = (k: string) => keyOf(profile, k) !== undefined;
  if (has('curtain_percentage'))
    return [
      {
        n: 1,
        position: 'curtain_percentage',
        setpoint: 'positionsetpoint',
        open: 'open_request_1',
        close: 'close_request_1',
        pause: 'pause_request_1',
      },
    ];
  const out: CurtainKeys[] = [];
  for (let n = 1; n <= 3 && has(`position_${n}`); n++) {
    out.push({
      n,
      position: `position_${n}`,
      setpoint: `positionsetpoint_${n}`,
      open: `open_request_${n}`,
      close: `close_request_${n}`,
      pause: `pause_request_${n}`,
      ...(has(`curtain_name${n}`) ? { name: `curtain_name${n}` } : {}),
      ...(has(`curtain_enable_${n}`) ? { enable: `curtain_enable_${n}` } : {}),
    });
  }
  return out;
}
