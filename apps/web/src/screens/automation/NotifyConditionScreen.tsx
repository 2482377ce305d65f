import type { NotifyEvent } from '@hestia/automation';
import ActivityIcon from 'lucide-react/icons/activity';
import BellRingIcon from 'lucide-react/icons/bell-ring';
import CheckIcon from 'lucide-react/icons/check';
import CircleAlertIcon from 'lucide-react/icons/circle-alert';
import CircleCheckBigIcon from 'lucide-react/icons/circle-check-big';
import DoorOpenIcon from 'lucide-react/icons/door-open';
import { type ReactNode, useMemo, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDeviceQuery } from '../../data/devices.ts';
import { Section } from '../../ui/Section.tsx';
import {
  ANY_EVENT,
  ConditionType,
  type NotifyChoice,
  notifyEventOf,
  notifyEventsOf,
} from './condition-meta.ts';
import { EditorScreen, focusGroup, useConditionEditor, useFollowErrors } from './EditorParts.tsx';
import { FieldProblem, rejectedText } from './FieldProblem.tsx';
import { type NotifyForm, notifyConditionOf, notifyConditionResolver } from './sub-forms.ts';

const EVENT_ICONS: Record<NotifyChoice, (p: { size?: number; className?: string }) => ReactNode> = {
  any: BellRingIcon,
  error: CircleAlertIcon,
  door_open: DoorOpenIcon,
  motion: ActivityIcon,
  program_done: CircleCheckBigIcon,
};

/**
 * condition-screen [id, type=event]: a device-event (Notify) condition on this device (decision 038):
 * any of its events, or one of those its model raises, in the user's language.
 */
export function NotifyCondition({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const { data: device } = useDeviceQuery(deviceId);
  const { existing, save } = useConditionEditor();
  const profileId = device?.deviceProfileId ?? search.get('deviceProfileId') ?? '';
  const events = notifyEventsOf(profileId);
  // The device's events are read when the check runs (the device may load later).
  const live = useRef({ deviceId, events });
  live.current = { deviceId, events };
  const resolver = useMemo(() => notifyConditionResolver(() => live.current), []);
  const form = useForm<NotifyForm>({
    defaultValues: {
      event: existing?.conditionType === ConditionType.Notify ? notifyEventOf(existing) : ANY_EVENT,
    },
    resolver,
  });
  useFollowErrors(form);
  const chosen = form.watch('event');
  // A saved event the model never raises is shown (and refused on save), not silently dropped.
  const choices: NotifyChoice[] = [
    ANY_EVENT,
    ...events,
    ...(chosen !== ANY_EVENT && !events.includes(chosen) ? [chosen] : []),
  ];
  const submit = form.handleSubmit((values) => save(notifyConditionOf(deviceId, values)));
  const title = t('automation.event.title');

  return (
    <EditorScreen
      kind="condition"
      title={device?.label ?? t('automation.condition.types.notify')}
      testId="screen-condition-event"
      onSave={() => void submit()}
      canSave={events.length > 0}
    >
      <Controller
        control={form.control}
        name="event"
        render={({ field, fieldState }) => (
          <div ref={focusGroup(field.ref)}>
            <Section title={title} hint={t('automation.event.hint')}>
              <fieldset aria-label={title} className="m-0 min-w-0 border-0 p-0 divide-y divide-line">
                {choices.map((event) => (
                  <EventOption
                    key={event}
                    event={event}
                    selected={event === field.value}
                    onPick={() => field.onChange(event)}
                  />
                ))}
              </fieldset>
            </Section>
            <FieldProblem text={rejectedText(fieldState.error?.message, t)} testId="event-problem" />
          </div>
        )}
      />
    </EditorScreen>
  );
}

function EventOption({
  event,
  selected,
  onPick,
}: {
  event: NotifyEvent | typeof ANY_EVENT;
  selected: boolean;
  onPick(): void;
}) {
  const { t } = useTranslation();
  const Icon = EVENT_ICONS[event];
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onPick}
      className="flex min-h-14 w-full items-center gap-3 px-4 py-2 text-start hover:bg-surface-2/60"
      data-testid="event-option"
      data-event={event}
    >
      <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-text">
        <Icon size={20} />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-[15px] font-medium">
          {t(`automation.event.options.${event}` as 'automation.event.options.any')}
        </span>
        <span className="block text-[13px] text-muted">
          {t(`automation.event.optionHints.${event}` as 'automation.event.optionHints.any')}
        </span>
      </span>
      {selected ? <CheckIcon size={20} className="shrink-0 text-accent-text" /> : null}
    </button>
  );
}
