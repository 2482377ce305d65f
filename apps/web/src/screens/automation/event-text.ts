import type { Device } from '@hestia/contract';
import type { TFunction } from 'i18next';
import { ConditionType, type NotifyChoice, notifyEventOf } from './condition-meta.ts';
import type { DraftCondition } from './draft-store.ts';

/** A first-strong isolate, so a Latin device name keeps its place in a Persian sentence (as text.ts). */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** A device event as it reads in a sentence ("door opened", "any event"). */
export const eventName = (event: NotifyChoice, t: TFunction) =>
  t(`automation.event.names.${event}` as 'automation.event.names.any');

/** A device event named on the wire ("door_open") in words, or the wire's text when it is none this app knows. */
export function eventTextOf(wire: unknown, t: TFunction): string {
  const event = notifyEventOf({ conditionType: ConditionType.Notify, metadata: { event: wire } });
  return event === 'any' ? String(wire) : eventName(event, t);
}

/** What a Notify condition observed in a run: the event raised, or that none was. */
export const observedEventText = (observed: unknown, t: TFunction) =>
  observed === 'not fired' ? t('automation.event.notFired') : eventTextOf(observed, t);

/** A device-event (Notify) condition in words: "Front door: door opened", "Washer: any event". */
export const notifyConditionText = (
  c: DraftCondition,
  devices: readonly Pick<Device, 'id' | 'label'>[],
  t: TFunction,
) =>
  t('automation.event.text', {
    device: isolate(devices.find((d) => d.id === c.deviceId)?.label ?? t('automation.unknownDevice')),
    event: eventName(notifyEventOf(c), t),
  });
