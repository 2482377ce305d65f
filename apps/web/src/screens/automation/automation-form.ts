import { type AutomationDraft, validateAutomation } from '@hestia/automation';
import { automationBodySchema } from '@hestia/contract';
import { type DraftProblem, draftResolver } from '../timers/draft-resolver.ts';
import type { Draft } from './draft-store.ts';

/**
 * The editor's form: the name, typed here; `list` stands for the conditions and the commands, edited
 * on their own screens (they stay in the draft store) and checked with the form, their problem shown
 * below it.
 */
export interface AutomationForm {
  name: string;
  list: null;
}

/** The body the server receives for the draft with this name. */
export function automationBody(draft: Draft, name: string) {
  const { kind: _kind, ...body } = draft;
  return { ...body, name: name.trim(), notifyMessage: body.isNotify ? body.notifyMessage : null };
}

/**
 * The draft as the rules read it. The contract types a condition's type as any number, the rules as one
 * of ConditionType's: without a `canBeCondition` rule they only count the conditions.
 */
const checked = (draft: Draft, name: string): AutomationDraft => ({
  name,
  conditions: draft.conditions as AutomationDraft['conditions'],
  commands: draft.commands,
});

/**
 * The editor's resolver: the spec's automation rules (@hestia/automation's validateAutomation, as the
 * server applies them) on the draft with the typed name, then the contract's automationBodySchema on
 * the body. Messages are keys under `automation.` (translated where they are shown).
 */
export function automationResolver(draft: () => Draft) {
  return draftResolver<AutomationForm>({
    schema: automationBodySchema,
    toBody: (form) => automationBody(draft(), form.name),
    rules: (form): DraftProblem<AutomationForm>[] =>
      validateAutomation(checked(draft(), form.name)).map((issue) => [
        issue.path === 'name' ? 'name' : 'list',
        `errors.${issue.key.replace(/^automation\./, '')}`,
      ]),
    fieldOf: { name: 'name' },
    other: 'list',
    rejected: 'errors.rejected',
  });
}
