import { getProfile, type KeyDef, keyOf } from '@hestia/catalog';
import { ApiError } from '@hestia/client';
import type { Device, UserRemote } from '@hestia/contract';
import { ComparisonType } from '@hestia/contract/light';
import type { TFunction } from 'i18next';
import { errorText } from '../../data/errors.ts';
import { catalogKeyName, enumValueText } from '../../i18n/catalog-text.ts';
import { i18n } from '../../i18n/index.ts';
import { formatNumber } from '../../lib/format.ts';
import { isRequestKey, singleKeyName } from './action-keys.ts';
import {
  ConditionType,
  type LocationValue,
  locationOf,
  scheduleOf,
  WEATHER_KEYS,
  weatherKeyOf,
} from './condition-meta.ts';
import type { DraftCommand, DraftCondition } from './draft-store.ts';
import { notifyConditionText } from './event-text.ts';
import { pressText, remotePressOf } from './remote-press.ts';
import { scheduleText } from './ScheduleFields.tsx';

/** Wraps text in a first-strong isolate, so a Latin device name keeps its place in a Persian sentence. */
export const isolate = (text: string) => `\u2068${text}\u2069`;

export { ConditionType };

/** Comparison types of spec section 3 and the sign each reads as. */
export const COMPARISONS = [
  { value: ComparisonType.Equal, name: 'Equal', sign: '=' },
  { value: ComparisonType.Smaller, name: 'Smaller', sign: '<' },
  { value: ComparisonType.Bigger, name: 'Bigger', sign: '>' },
  { value: ComparisonType.SmallerEqual, name: 'SmallerEqual', sign: '≤' },
  { value: ComparisonType.BiggerEqual, name: 'BiggerEqual', sign: '≥' },
  { value: ComparisonType.NotEqual, name: 'NotEqual', sign: '≠' },
] as const;

export const signOf = (comparison: number | null | undefined) =>
  COMPARISONS.find((c) => c.value === (comparison ?? 0))?.sign ?? '=';

/** A run's status in words. */
export function statusText(status: 'running' | 'done' | 'failed' | 'skipped', t: TFunction): string {
  const words = {
    running: t('automation.status.running'),
    done: t('automation.status.done'),
    failed: t('automation.status.failed'),
    skipped: t('automation.status.skipped'),
  };
  return words[status];
}

/**
 * A device parameter by its standalone name (i18n/catalog-text.ts), the same on every screen; given the
 * device's model, a key it has only one of is named without a number ("Open curtain").
 */
export function keyTitle(key: string, t: TFunction, deviceProfileId?: string): string {
  const single = deviceProfileId ? singleKeyName(getProfile(deviceProfileId), key) : undefined;
  if (single) return t(`catalog.singleParams.${single}` as 'catalog.singleParams.open_request');
  return catalogKeyName(key, t, i18n.language);
}

/** A value as it reads on screen: On/Off for a switch, an enum value's name, a number in the language's digits with its unit. */
export function valueText(def: KeyDef | undefined, value: unknown, t: TFunction): string {
  if (value === null || value === undefined || value === '') return '—';
  if (def?.kind === 'boolean')
    return Number(value) === 1 || value === true ? t('automation.value.on') : t('automation.value.off');
  const named = enumValueText(def, value, t, i18n.language);
  if (named !== undefined) return named;
  const n = typeof value === 'number' ? value : Number(value);
  if (typeof value !== 'boolean' && Number.isFinite(n) && value !== '') {
    const text = formatNumber(n, i18n.language, 2);
    return def?.unit ? `${text} ${def.unit}` : text;
  }
  return String(value);
}

export const keyDefOf = (
  device: Pick<Device, 'deviceProfileId'> | undefined,
  key: string | null | undefined,
) => {
  const profile = device ? getProfile(device.deviceProfileId) : undefined;
  return profile && key ? keyOf(profile, key) : undefined;
};

/** Keys a device reports that a condition can compare (text keys cannot be compared). */
export function conditionKeys(deviceProfileId: string): KeyDef[] {
  return (getProfile(deviceProfileId)?.keys ?? []).filter((k) => k.access !== 'w' && k.kind !== 'string');
}

/** Keys a device accepts writes to. */
export function commandKeys(deviceProfileId: string): KeyDef[] {
  return (getProfile(deviceProfileId)?.keys ?? []).filter((k) => k.access !== 'r');
}

export function conditionText(c: DraftCondition, devices: readonly Device[], t: TFunction): string {
  switch (c.conditionType) {
    case ConditionType.DeviceParam: {
      const device = devices.find((d) => d.id === c.deviceId);
      const def = keyDefOf(device, c.deviceParameterId);
      return t('automation.condition.deviceParamText', {
        param: keyTitle(c.deviceParameterId ?? '', t, device?.deviceProfileId),
        device: isolate(device?.label ?? t('automation.unknownDevice')),
        sign: signOf(c.comparisonType),
        value: isolate(valueText(def, c.value, t)),
      });
    }
    case ConditionType.TapToRun:
      return t('automation.condition.types.tapToRun');
    case ConditionType.Schedule:
    case ConditionType.Timer: {
      const schedule = scheduleOf(c);
      return schedule ? scheduleText(schedule, t) : t('automation.condition.types.schedule');
    }
    case ConditionType.Weather: {
      const key = weatherKeyOf(c) ?? '';
      const def = WEATHER_KEYS.find((k) => k.key === key);
      return t('automation.weather.text', {
        reading: def ? t(`automation.weather.${def.key as 'temperature'}`) : key,
        sign: signOf(c.comparisonType),
        value: isolate(valueText(def, c.value, t)),
      });
    }
    case ConditionType.Location: {
      const place = locationOf(c);
      return place ? locationText(place, t) : t('automation.condition.types.location');
    }
    case ConditionType.Notify:
      return notifyConditionText(c, devices, t);
    default:
      return t('automation.condition.types.other', { n: c.conditionType });
  }
}

const degrees = (v: number) =>
  new Intl.NumberFormat(i18n.language, {
    minimumFractionDigits: 4,
    maximumFractionDigits: 4,
    useGrouping: false,
  }).format(v);

/** A point as "35.7000, 51.4000" in the language's digits. */
export const pointText = (p: { latitude: number; longitude: number }, t: TFunction) =>
  // Not `lng`: i18next reads that option as the language to translate into.
  t('automation.location.point', { latitude: degrees(p.latitude), longitude: degrees(p.longitude) });

/** "Arriving within 200 m of 35.7000, 51.4000" or "Leaving the 200 m around …". */
export function locationText(v: LocationValue, t: TFunction): string {
  const args = { radius: formatNumber(v.radius, i18n.language, 0), point: isolate(pointText(v, t)) };
  return v.event === 'leave'
    ? t('automation.location.textLeave', args)
    : t('automation.location.textEnter', args);
}

/**
 * An action in words: "Output 1 of Kettle → On"; a request (open, close, stop) has no value to show
 * and reads "Open curtain: Bedroom curtain"; an IR remote press "Living-room TV: Power".
 */
export function commandText(
  c: Pick<DraftCommand, 'deviceId' | 'deviceParameterId'> & { value?: unknown; params?: unknown },
  devices: readonly Device[],
  t: TFunction,
  /** The remotes of the IR blasters pressed (`usePressedRemotes`), to name a remote press. */
  remotes: readonly UserRemote[] = [],
): string {
  const press = remotePressOf(c);
  if (press) return pressText(press, remotes, t, i18n);
  const device = devices.find((d) => d.id === c.deviceId);
  const def = keyDefOf(device, c.deviceParameterId);
  const args = {
    param: keyTitle(c.deviceParameterId, t, device?.deviceProfileId),
    device: isolate(device?.label ?? t('automation.unknownDevice')),
  };
  if (isRequestKey(def)) return t('automation.command.requestText', args);
  return t('automation.command.text', { ...args, value: isolate(valueText(def, c.value, t)) });
}

/** "1 min 30 s" in the language's digits; a delay is in seconds. */
export function delayText(seconds: number, t: TFunction): string {
  const n = (v: number) => formatNumber(v, i18n.language, 0);
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  if (m === 0) return t('automation.delay.seconds', { s: n(s) });
  if (s === 0) return t('automation.delay.minutes', { m: n(m) });
  return t('automation.delay.minutesSeconds', { m: n(m), s: n(s) });
}

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

/** The server's loop and conflict explanations name devices by id: show their names instead. */
export function withDeviceNames(text: string, devices: readonly Pick<Device, 'id' | 'label'>[]): string {
  return text.replace(UUID, (id) => {
    const label = devices.find((d) => d.id.toLowerCase() === id.toLowerCase())?.label;
    return label ? `"${label}"` : id;
  });
}

/** The engine's validation messages (English on the wire) and their translations here. */
const VALIDATION: Record<string, string> = {
  'Automation name cannot be empty.': 'automation.errors.nameRequired',
  'Add at least one action.': 'automation.errors.actionsRequired',
  'Add a condition first.': 'automation.errors.conditionRequired',
  'At most 10 conditions; delete one of the previous to add.': 'automation.errors.tooManyConditions',
  'Only one action without a delay is allowed per device.': 'automation.errors.duplicateImmediateAction',
  'This device cannot be used as a condition.': 'automation.errors.deviceCannotBeCondition',
};
const LOOP_PREFIX = 'This automation could trigger itself in a loop: ';

/**
 * A failed save, in the user's language where the message is known. A refused loop keeps the
 * server's explanation (which automations, which parameter) after a translated lead.
 */
export function saveErrorText(
  err: unknown,
  t: TFunction,
  devices: readonly Pick<Device, 'id' | 'label'>[] = [],
): string {
  if (err instanceof ApiError) {
    const known = VALIDATION[err.message.replace(/^[\w.]+: /, '')];
    if (known) return t(known as 'automation.errors.nameRequired');
    if (err.message.startsWith(LOOP_PREFIX))
      return t('automation.errors.loop', {
        why: withDeviceNames(err.message.slice(LOOP_PREFIX.length), devices),
      });
  }
  return errorText(err, t);
}
