import { validateSchedule } from '@hestia/automation';
import { scheduleBodySchema } from '@hestia/contract';
import { type DraftProblem, draftResolver } from './draft-resolver.ts';
import { bodyOf, type Draft } from './schedule-draft.ts';

/** The form field that shows each of the schedule rules' and the body's problems. */
const FIELD_OF: Partial<Record<string, keyof Draft & string>> = {
  name: 'name',
  repeatType: 'repeatType',
  time: 'time',
  dayOfWeeks: 'dayOfWeeks',
  timerInterval: 'interval',
  startDateTime: 'start',
  endDateTime: 'end',
  deviceScheduleActions: 'actions',
};

/**
 * The schedule editor's resolver: the spec's schedule rules (@hestia/automation, as the server checks
 * them) and at least one action, then the contract's scheduleBodySchema on the body. Messages are keys
 * under `timers.` (translated where they are shown).
 */
export function scheduleResolver(zone: string) {
  return draftResolver<Draft>({
    schema: scheduleBodySchema,
    toBody: (draft) => bodyOf(draft, zone),
    rules: (draft) => {
      const problems: DraftProblem<Draft>[] = [];
      for (const issue of validateSchedule({ ...bodyOf(draft, zone), timeZone: zone })) {
        const field = FIELD_OF[issue.path];
        if (field) problems.push([field, `validation.${issue.key}`]);
      }
      if (draft.actions.length === 0) problems.push(['actions', 'validation.automation.actionsRequired']);
      return problems;
    },
    fieldOf: FIELD_OF,
    other: 'name',
    rejected: 'validation.rejected',
  });
}
