/**
 * Which of a device's reports are events its owner is told of (issue 20), read from the catalogue's
 * model (its keys' simulated behaviours and its error list) rather than a list of models; which events
 * a model can raise at all is the catalogue's `deviceEventsOf` (packages/catalog/src/device-events.ts):
 * - error: `error_code` turns to a catalogue code's wire value (the text is the catalogue's);
 * - door_open: a door or window contact's `sensor_status` turns to 1;
 * - motion: `motion_status` turns to 1;
 * - program_done (washing machines, dishwashers, ovens): a program phase turns to its `doneValue`,
 *   or, for models without one, the machine itself stops the run (the key a phase or countdown ends
 *   turns from 1 to 0 with the phase back at 0 or the time at 0);
 * Firmware results come from the firmware module's `onResult` (modules/index.ts).
 */
import { deviceEventsOf, getError, type ModelProfile, PROGRAM_FAMILIES, programEnds } from '@hestia/catalog';
import type { DeviceNotificationKind, NotificationData, TelemetryValue } from '@hestia/contract';

export interface DeviceEvent {
  kind: DeviceNotificationKind;
  data: NotificationData;
}

/**
 * The kinds of event a model can raise: what its owner can turn on or off. The events of its reports
 * are the catalogue's `deviceEventsOf` (what a Notify condition may wait for, decision 038); firmware
 * results and share events come to every device.
 */
export function kindsOf(profile: ModelProfile | undefined): DeviceNotificationKind[] {
  return [...deviceEventsOf(profile), 'firmware', 'share'];
}

const changedTo = (
  key: string,
  to: TelemetryValue,
  values: Record<string, TelemetryValue>,
  previous: Record<string, TelemetryValue | undefined>,
) => key in values && String(values[key]) === String(to) && String(previous[key]) !== String(to);

/**
 * The events in one message of a device. `current` reads the device's latest value of a key (for
 * keys the message does not carry).
 */
export function eventsOf(
  profile: ModelProfile | undefined,
  values: Record<string, TelemetryValue>,
  previous: Record<string, TelemetryValue | undefined>,
  current: (key: string) => TelemetryValue | undefined,
): DeviceEvent[] {
  const events: DeviceEvent[] = [];
  const now = (k: string) => (k in values ? values[k] : current(k));
  if (!profile) return events;
  const wire = values.error_code;
  if (typeof wire === 'string' && wire !== '' && wire !== String(previous.error_code ?? '')) {
    const code = profile.errors.find((c) => getError(c)?.wire === wire) ?? wire;
    events.push({ kind: 'error', data: { errorCode: code } });
  }
  if (profile.family === 'door_sensor' && changedTo('sensor_status', 1, values, previous))
    events.push({ kind: 'door_open', data: {} });
  if (changedTo('motion_status', 1, values, previous)) events.push({ kind: 'motion', data: {} });
  if (PROGRAM_FAMILIES.has(profile.family) && programDone(profile, values, previous, now))
    events.push({ kind: 'program_done', data: {} });
  return events;
}

function programDone(
  profile: ModelProfile,
  values: Record<string, TelemetryValue>,
  previous: Record<string, TelemetryValue | undefined>,
  now: (k: string) => TelemetryValue | undefined,
): boolean {
  return programEnds(profile).some((end) => {
    if (end.phaseKey && end.doneValue !== undefined)
      return changedTo(end.phaseKey, end.doneValue, values, previous);
    if (!changedTo(end.runKey, 0, values, previous) || String(previous[end.runKey]) !== '1') return false;
    if (end.phaseKey) return String(now(end.phaseKey)) === '0';
    return (end.timeKeys ?? []).every((k) => Number(now(k) ?? 0) === 0);
  });
}
