import {
  type AnalysedAutomation,
  type Condition,
  incompleteTimedConditions,
  locationMetadataSchema,
  NOTIFY_EVENTS,
  notifyMetadataSchema,
  weatherMetadataSchema,
} from '@hestia/automation';
import { deviceEventsOf, getProfile } from '@hestia/catalog';
import { type Automation, ConditionType, type PausedReason } from '@hestia/contract';
import { AppError } from '../../core/errors.ts';
import type { AutomationRow } from './automation.repository.ts';

/** An automation or scenario as the API shows it. */
export function toAutomation(r: AutomationRow): Automation {
  const conditions = r.conditions as Automation['conditions'];
  const commands = r.commands as Automation['commands'];
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    creationTime: r.createdAt.toISOString(),
    isActive: r.isActive,
    isNotify: r.isNotify,
    notifyMessage: r.notifyMessage,
    actionCount: commands.length,
    conditionCount: conditions.length,
    commandInorderExecution: r.inOrder,
    conditionCheckType: r.checkType,
    conditions,
    commands,
    order: r.position,
    warnings: r.warnings as string[],
    pausedReason: (r.pausedReason as PausedReason) ?? null,
  };
}

export const analysed = (r: {
  id: string;
  name: string;
  conditions: unknown;
  commands: unknown;
  inOrder?: boolean;
}): AnalysedAutomation => ({
  id: r.id,
  name: r.name,
  conditions: r.conditions as Condition[],
  commands: r.commands as AnalysedAutomation['commands'],
  commandInorderExecution: r.inOrder ?? false,
});

/** Schedule, Timer, Location, Weather and Notify conditions need their settings to ever hold. */
export function checkConditionSettings(conditions: Condition[]): void {
  const timed = incompleteTimedConditions(conditions, 'UTC')[0];
  if (timed !== undefined)
    throw new AppError(
      'VALIDATION',
      `Condition ${timed + 1}: set when it runs (metadata.schedule with repeatType, startDateTime and time, or timerInterval in minutes).`,
    );
  conditions.forEach((c, i) => {
    if (c.conditionType === ConditionType.Notify && !c.deviceId)
      throw new AppError('VALIDATION', `Condition ${i + 1}: choose the device whose event runs it.`);
    if (
      c.conditionType === ConditionType.Notify &&
      c.metadata != null &&
      !notifyMetadataSchema.safeParse(c.metadata).success
    )
      throw new AppError(
        'VALIDATION',
        `Condition ${i + 1}: the event must be one of ${NOTIFY_EVENTS.join(', ')} (or none: any of them).`,
      );
    if (c.conditionType === ConditionType.Location && !locationMetadataSchema.safeParse(c.metadata).success)
      throw new AppError(
        'VALIDATION',
        `Condition ${i + 1}: choose the place (latitude, longitude, radius in metres) and enter or leave.`,
      );
    if (
      c.conditionType === ConditionType.Weather &&
      !weatherMetadataSchema.safeParse(c.metadata).success &&
      !c.deviceParameterId
    )
      throw new AppError(
        'VALIDATION',
        `Condition ${i + 1}: choose the weather reading (temperature, humidity, windSpeed or condition).`,
      );
  });
}

/**
 * A Notify condition that names an event its device's model can never raise would never run
 * (decision 038): refused when saved, naming the events that device has. `deviceOf` gives the
 * device as the caller may see it (access was checked before).
 */
export async function checkNotifyEvents(
  conditions: Condition[],
  deviceOf: (id: string) => Promise<{ label: string; profileId: string }>,
): Promise<void> {
  for (const [i, c] of conditions.entries()) {
    const event = (c.metadata as { event?: string } | null | undefined)?.event;
    if (c.conditionType !== ConditionType.Notify || !c.deviceId || !event) continue;
    const device = await deviceOf(c.deviceId);
    const kinds: readonly string[] = deviceEventsOf(getProfile(device.profileId));
    const has = NOTIFY_EVENTS.filter((e) => kinds.includes(e));
    if (!has.includes(event as (typeof NOTIFY_EVENTS)[number]))
      throw new AppError(
        'VALIDATION',
        has.length > 0
          ? `Condition ${i + 1}: ${device.label} never raises ${event}; its events are ${has.join(', ')}.`
          : `Condition ${i + 1}: ${device.label} raises no events a Notify condition can wait for.`,
      );
  }
}
