import type { Automation } from '@hestia/contract';
import { create } from 'zustand';
import type { AutomationBody, AutomationKind } from '../../data/automation.ts';

export type DraftCondition = Automation['conditions'][number];
export type DraftCommand = Automation['commands'][number];

export interface Draft extends AutomationBody {
  kind: AutomationKind;
}

interface DraftState {
  /** Which automation the draft belongs to (`kind:id`, or `kind:new`); null when none is open. */
  key: string | null;
  draft: Draft;
  open(kind: AutomationKind, from?: Automation): void;
  patch(patch: Partial<Draft>): void;
  /** Add a condition, or replace the one at `index`. */
  putCondition(condition: DraftCondition, index?: number): void;
  putCommand(command: DraftCommand, index?: number): void;
  close(): void;
}

export const draftKey = (kind: AutomationKind, id?: string) => `${kind}:${id ?? 'new'}`;

const blank = (kind: AutomationKind): Draft => ({
  kind,
  name: '',
  isActive: true,
  isNotify: false,
  notifyMessage: null,
  commandInorderExecution: false,
  conditionCheckType: 0,
  conditions: [],
  commands: [],
});

const put = <T>(list: readonly T[], item: T, index?: number): T[] =>
  index === undefined || index < 0 || index >= list.length
    ? [...list, item]
    : list.map((x, i) => (i === index ? item : x));

/**
 * The automation being edited, shared by the editor and the screens it opens (condition, device,
 * command): each of those changes the draft and goes back. Not persisted: a reload starts afresh.
 */
export const useDraftStore = create<DraftState>()((set) => ({
  key: null,
  draft: blank('automation'),
  open: (kind, from) =>
    set({
      key: draftKey(kind, from?.id),
      draft: from
        ? {
            kind,
            id: from.id,
            name: from.name,
            isActive: from.isActive,
            isNotify: from.isNotify,
            notifyMessage: from.notifyMessage,
            commandInorderExecution: from.commandInorderExecution,
            conditionCheckType: from.conditionCheckType,
            conditions: from.conditions,
            commands: from.commands,
          }
        : blank(kind),
    }),
  patch: (patch) => set((s) => ({ draft: { ...s.draft, ...patch } })),
  putCondition: (condition, index) =>
    set((s) => ({ draft: { ...s.draft, conditions: put(s.draft.conditions, condition, index) } })),
  putCommand: (command, index) =>
    set((s) => ({ draft: { ...s.draft, commands: put(s.draft.commands, command, index) } })),
  close: () => set({ key: null, draft: blank('automation') }),
}));

/** Opening the editor from a list starts from the saved automation (or afresh), not an abandoned draft. */
export const openDraft = (kind: AutomationKind, from?: Automation) =>
  useDraftStore.getState().open(kind, from);
