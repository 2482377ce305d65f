import { firmwareRedDot, type ModelProfile } from '@hestia/catalog';
import type { KeyValue, TelemetryValue } from '@hestia/contract';
import { ConnectionStatus, connectionStatusOf } from '@hestia/contract/light';

/** Spec section 9: a card shows at most 15 characters of the name. */
export const DEVICE_NAME_MAX = 15;

export type CardState = 'online' | 'offline' | 'unknown';

type Values = Readonly<Record<string, readonly [number, TelemetryValue]>> | undefined;

/** A card's connection state from the `active` key: unknown shows a loader, offline a grey card. */
export function cardStateOf(values: Values): CardState {
  const status = connectionStatusOf(values?.active?.[1]);
  if (status === ConnectionStatus.Connected) return 'online';
  if (status === ConnectionStatus.Disconnected) return 'offline';
  return 'unknown';
}

/** Relays report 0/1, and over the socket every value arrives as text. */
export function isOn(value: TelemetryValue | undefined): boolean {
  return value === 1 || value === true || value === '1' || value === 'true';
}

export function numberOf(value: TelemetryValue | undefined): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

export function relaysOn(values: Values, keys: readonly string[]): number {
  return keys.filter((key) => isOn(values?.[key]?.[1])).length;
}

/**
 * Master power (spec section 4): if any relay is on every relay is commanded off, otherwise all on;
 * one Key/Value pair per relay, in one write.
 */
export function masterPowerWrite(values: Values, keys: readonly string[]): KeyValue[] {
  const value = relaysOn(values, keys) > 0 ? 0 : 1;
  return keys.map((Key) => ({ Key, Value: value }));
}

/** Truncate by characters as the user sees them (a surrogate pair counts once), adding an ellipsis. */
export function truncateName(name: string, max: number = DEVICE_NAME_MAX): string {
  const chars = Array.from(name.trim());
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : chars.join('');
}

/**
 * The card's firmware red dot (spec section 4): the reported version (current_fw_version's first
 * character) is above the profile's latest (6, or 10 for the IR universal profile) and fw_state is not
 * UPDATED. The rule itself lives in the catalogue; this reads it from live values.
 */
export function hasFirmwareDot(profile: ModelProfile | undefined, values: Values): boolean {
  if (!profile) return false;
  return firmwareRedDot(profile, values?.current_fw_version?.[1], values?.fw_state?.[1]);
}
