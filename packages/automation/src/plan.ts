import type { TelemetryValue } from '@hestia/contract';
import type { Action } from './schemas.ts';

/** The fields of an action that planning reads; `delay` in seconds. */
export type PlannableAction = Pick<Action, 'deviceId' | 'deviceParameterId'> &
  Partial<Pick<Action, 'value' | 'params' | 'delay' | 'order' | 'label'>>;

export interface PlannedWrite {
  deviceParameterId: string;
  value: TelemetryValue | null;
  params: unknown;
  /** Position of the command in the input list. */
  commandIndex: number;
}

/** One write to one device at one moment. */
export interface PlanStep {
  /** Milliseconds after the automation starts. */
  atMs: number;
  deviceId: string;
  writes: PlannedWrite[];
}

export interface ActionPlan {
  steps: PlanStep[];
  /** When the last step runs, ms after the start. */
  durationMs: number;
  /** Commands dropped because a later command writes the same parameter at the same moment. */
  overridden: { commandIndex: number; byCommandIndex: number }[];
}

/**
 * Orders the commands and gives each an absolute time. In order: each delay counts from the previous
 * command, so times add up; together: each delay counts from the start. Commands are taken by `order`,
 * then by position. Commands for the same device at the same moment merge into one step (one write);
 * when two write the same parameter, the later command wins and the earlier is listed as overridden.
 */
export function planActions(commands: readonly PlannableAction[], inOrder: boolean): ActionPlan {
  const sorted = commands
    .map((command, index) => ({ command, index }))
    .sort((a, b) => (a.command.order ?? 0) - (b.command.order ?? 0) || a.index - b.index);
  const steps: PlanStep[] = [];
  const byMoment = new Map<string, PlanStep>();
  const overridden: ActionPlan['overridden'] = [];
  let elapsedMs = 0;
  for (const { command, index } of sorted) {
    const delayMs = Math.max(0, command.delay ?? 0) * 1000;
    elapsedMs += delayMs;
    const atMs = inOrder ? elapsedMs : delayMs;
    const key = `${atMs}\u0000${command.deviceId}`;
    let step = byMoment.get(key);
    if (!step) {
      step = { atMs, deviceId: command.deviceId, writes: [] };
      byMoment.set(key, step);
      steps.push(step);
    }
    const write: PlannedWrite = {
      deviceParameterId: command.deviceParameterId,
      value: command.value ?? null,
      params: command.params,
      commandIndex: index,
    };
    const same = step.writes.findIndex((w) => w.deviceParameterId === command.deviceParameterId);
    if (same >= 0) {
      overridden.push({ commandIndex: step.writes[same]?.commandIndex ?? -1, byCommandIndex: index });
      step.writes[same] = write;
    } else {
      step.writes.push(write);
    }
  }
  // A stable sort keeps the command order among steps of the same moment.
  steps.sort((a, b) => a.atMs - b.atMs);
  return { steps, durationMs: steps.reduce((max, s) => Math.max(max, s.atMs), 0), overridden };
}
