import { timerBodySchema } from '@hestia/contract';
import type { RefObject } from 'react';
import { type DraftProblem, draftResolver } from './draft-resolver.ts';
import type { TimerAction } from './timer-lib.ts';

/** The new-timer form: its minutes, and its actions once edited (null: the outputs' live state). */
export interface TimerForm {
  minutes: number;
  actions: TimerAction[] | null;
}

/** What the form's check needs of the screen's live state, read when it runs. */
export interface TimerLive {
  /** The actions while the user has not edited them (defaultTimerActions). */
  defaults: TimerAction[];
  /** The longest timer the catalogue allows for these actions. */
  max: number;
}

export const timerActions = (form: TimerForm, live: TimerLive) => form.actions ?? live.defaults;

/** The body the server receives: the minutes kept within the catalogue's longest timer. */
export const timerBody = (form: TimerForm, live: TimerLive) => ({
  name: '',
  minutes: Math.min(form.minutes, live.max),
  actions: timerActions(form, live),
});

/**
 * The timer form's resolver: a time above zero and at least one action, then the contract's
 * timerBodySchema on the body. Messages are keys under `timers.`.
 */
export function timerResolver(live: RefObject<TimerLive>) {
  return draftResolver<TimerForm>({
    schema: timerBodySchema,
    toBody: (form) => timerBody(form, live.current),
    rules: (form) => {
      const problems: DraftProblem<TimerForm>[] = [];
      if (form.minutes <= 0) problems.push(['minutes', 'timer.timeRequired']);
      if (timerActions(form, live.current).length === 0)
        problems.push(['actions', 'validation.automation.actionsRequired']);
      return problems;
    },
    fieldOf: { minutes: 'minutes', actions: 'actions' },
    other: 'minutes',
    rejected: 'validation.rejected',
  });
}
