import type { Device } from '@hestia/contract';
import BellRingIcon from 'lucide-react/icons/bell-ring';
import ClockIcon from 'lucide-react/icons/clock';
import CloudIcon from 'lucide-react/icons/cloud';
import GaugeIcon from 'lucide-react/icons/gauge';
import HandIcon from 'lucide-react/icons/hand';
import HistoryIcon from 'lucide-react/icons/history';
import MapPinIcon from 'lucide-react/icons/map-pin';
import Trash2Icon from 'lucide-react/icons/trash-2';
import { type ReactNode, useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { i18n } from '../../i18n/index.ts';
import { formatNumber } from '../../lib/format.ts';
import { automationPaths } from '../../routes/automation-paths.ts';
import { Button } from '../../ui/Button.tsx';
import { Section } from '../../ui/Section.tsx';
import { StackScreen, useBack } from '../../ui/StackScreen.tsx';
import { type DraftCondition, useDraftStore } from './draft-store.ts';
import { ConditionType } from './text.ts';

export { focusGroup } from './focus-group.ts';

export const CONDITION_ICONS: Record<number, (p: { size?: number }) => ReactNode> = {
  [ConditionType.TapToRun]: HandIcon,
  [ConditionType.Schedule]: ClockIcon,
  [ConditionType.Timer]: HistoryIcon,
  [ConditionType.DeviceParam]: GaugeIcon,
  [ConditionType.Weather]: CloudIcon,
  [ConditionType.Location]: MapPinIcon,
  [ConditionType.Notify]: BellRingIcon,
};

/** `path` with one more query parameter. */
/** Where a condition is edited, or null for one without settings (tap to run). */
export function conditionPath(c: DraftCondition, index: number, devices: readonly Device[]): string | null {
  switch (c.conditionType) {
    case ConditionType.DeviceParam:
      return c.deviceId
        ? automationPaths.condition({
            id: c.deviceId,
            deviceProfileId: devices.find((d) => d.id === c.deviceId)?.deviceProfileId ?? '',
            index,
          })
        : null;
    case ConditionType.Schedule:
      return automationPaths.condition({ type: 'schedule', index });
    case ConditionType.Timer:
      return automationPaths.condition({ type: 'timer', index });
    case ConditionType.Weather:
      return automationPaths.condition({ type: 'weather', index });
    case ConditionType.Location:
      return automationPaths.condition({ type: 'location', index });
    case ConditionType.Notify:
      return c.deviceId
        ? automationPaths.condition({
            id: c.deviceId,
            deviceProfileId: devices.find((d) => d.id === c.deviceId)?.deviceProfileId ?? '',
            index,
            type: 'event',
          })
        : null;
    default:
      return null;
  }
}

/** A condition or an action in the editor: opens its screen, or is removed. */
export function ItemRow({
  icon: Icon,
  index,
  text,
  detail,
  onOpen,
  onRemove,
  removeLabel,
  testId,
}: {
  icon: (p: { size?: number }) => ReactNode;
  index?: number;
  text: string;
  detail?: string;
  onOpen(): void;
  onRemove(): void;
  removeLabel: string;
  testId: string;
}) {
  return (
    <div className="flex min-h-14 items-center gap-2 ps-4 pe-2" data-testid={testId}>
      <button
        type="button"
        onClick={onOpen}
        className="flex min-w-0 flex-1 items-center gap-3 py-2.5 text-start"
      >
        <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-accent-soft text-[13px] font-semibold text-accent-text">
          {index !== undefined ? formatNumber(index, i18n.language, 0) : <Icon size={20} />}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-[15px] font-medium">{text}</span>
          {detail ? <span className="mt-0.5 block text-[13px] text-muted">{detail}</span> : null}
        </span>
      </button>
      <button
        type="button"
        onClick={onRemove}
        aria-label={removeLabel}
        className="grid size-10 shrink-0 place-items-center rounded-full text-muted hover:bg-danger-soft hover:text-danger"
      >
        <Trash2Icon size={18} />
      </button>
    </div>
  );
}

/** The save button of each kind of editor screen, as the e2e tests find it. */
const EDITOR_KINDS = {
  command: { save: 'automation.command.save', saveTestId: 'command-save' },
  condition: { save: 'automation.condition.save', saveTestId: 'condition-save' },
} as const;

/**
 * The frame of a screen that edits one action or condition of the draft: the stacked screen and its
 * save button at the foot. The fields show their own problems (react-hook-form, sub-forms.ts).
 */
export function EditorScreen({
  kind,
  title,
  testId,
  onSave,
  canSave = true,
  children,
}: {
  kind: keyof typeof EDITOR_KINDS;
  title: string;
  testId: string;
  onSave(): void;
  canSave?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { save, saveTestId } = EDITOR_KINDS[kind];
  return (
    <StackScreen
      title={title}
      testId={testId}
      footer={
        <Button className="w-full" onClick={onSave} disabled={!canSave} data-testid={saveTestId}>
          {t(save)}
        </Button>
      }
    >
      {children}
    </StackScreen>
  );
}

/**
 * Once a save was tried, every field's message follows each change (one field can settle another's:
 * a delay settles the action's value check), as in the other editors (decision 033).
 */
export function useFollowErrors<Values extends FieldValues>(form: UseFormReturn<Values>) {
  useEffect(() => {
    const sub = form.watch(() => {
      if (form.formState.isSubmitted) void form.trigger();
    });
    return () => sub.unsubscribe();
  }, [form]);
}

/** A group of an editor screen's fields, padded inside the section; `className` lays them out. */
export function FormSection({
  title,
  hint,
  className,
  children,
}: {
  title?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Section title={title} hint={hint}>
      <div className={className ? `${className} px-4 py-4` : 'px-4 py-4'}>{children}</div>
    </Section>
  );
}

/** Which action or condition of the draft a screen edits (its `?index=`); none when it adds one. */
export function useEditedIndex(): number | undefined {
  const [search] = useSearchParams();
  const index = search.get('index');
  return index === null ? undefined : Number(index);
}

/**
 * The condition a condition screen edits (none when it adds one), and how to save it: in its place
 * or at the end, then back to the editor. Tap to run stands alone: it goes when another condition comes.
 */
export function useConditionEditor() {
  const index = useEditedIndex();
  const back = useBack(automationPaths.tab);
  const { draft, patch } = useDraftStore();
  const save = (condition: DraftCondition) => {
    const kept = draft.conditions
      .map((c, i) => (i === index ? condition : c))
      .filter((c) => c.conditionType !== ConditionType.TapToRun);
    patch({ conditions: index === undefined ? [...kept, condition] : kept });
    back();
  };
  return { existing: index === undefined ? undefined : draft.conditions[index], save };
}
