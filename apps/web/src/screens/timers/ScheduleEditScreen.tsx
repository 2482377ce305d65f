import { occurrencesBetween, validateSchedule } from '@hestia/automation';
import type { Schedule } from '@hestia/contract';
import { RepeatType as Repeat, type RepeatType } from '@hestia/contract/light';
import Trash2Icon from 'lucide-react/icons/trash-2';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { QueryView } from '../../components/QueryView.tsx';
import { correctedNow } from '../../data/api.ts';
import { errorText } from '../../data/errors.ts';
import { useDeleteSchedule, useSaveSchedule, useScheduleQuery } from '../../data/timers.ts';
import { formatAmount } from '../../lib/chart-format.ts';
import { latinDigits } from '../../lib/digits.ts';
import { timerPaths } from '../../routes/timer-paths.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { ErrorState } from '../../ui/EmptyState.tsx';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/Toast.tsx';
import { PausedNote } from '../automation/ValueInput.tsx';
import { AddOrEditTimerActions } from './AddOrEditTimerActions.tsx';
import { DateField } from './DateField.tsx';
import { type DeviceContext, DeviceStackScreen, useRefetchOnAccessChange } from './device-screen.tsx';
import { bodyOf, type Draft, draftOf, YEAR_MS } from './schedule-draft.ts';
import { scheduleResolver } from './schedule-form.ts';
import { REPEAT_NAMES, repeatName } from './schedule-text.ts';
import { TimeOfDayPicker } from './TimeOfDayPicker.tsx';
import { formatRun, weekdayNames } from './timer-lib.ts';
import { knownValidation } from './timer-text.ts';
import { useTimeZone } from './use-time-zone.ts';

function Chip({
  selected,
  onClick,
  children,
  testId,
}: {
  selected: boolean;
  onClick(): void;
  children: string;
  testId: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onClick}
      data-testid={testId}
      className={`h-10 rounded-full px-4 text-[14px] font-medium transition ${
        selected ? 'bg-accent text-on-accent' : 'bg-surface-2 text-ink ring-1 ring-line hover:bg-surface'
      }`}
    >
      {children}
    </button>
  );
}

function Editor({ ctx, schedule }: { ctx: DeviceContext; schedule: Schedule | undefined }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const zone = useTimeZone();
  const language = i18n.language;
  const id = ctx.device.id;
  const save = useSaveSchedule(id);
  const remove = useDeleteSchedule(id);
  // The form on react-hook-form: the draft is its values, checked by the schedule rules and the
  // contract's schema on submit, then again on every change once a submit was tried.
  const resolver = useMemo(() => scheduleResolver(zone), [zone]);
  const form = useForm<Draft>({
    defaultValues: draftOf(schedule, zone, ctx.profile?.toggleKeys ?? []),
    resolver,
    shouldFocusError: false,
  });
  const draft = form.watch();
  const { errors, isSubmitted } = form.formState;
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const set = (patch: Partial<Draft>) => {
    for (const [field, value] of Object.entries(patch))
      form.setValue(field as keyof Draft, value as never, { shouldDirty: true });
    // Once a save was tried, every field's message follows the change (one field can settle another's).
    if (isSubmitted) void form.trigger();
  };
  const body = bodyOf(draft, zone);
  const issues = validateSchedule({ ...body, timeZone: zone });
  const shown = (field: keyof Draft) => {
    const key = errors[field]?.message;
    return key ? t(`timers.${key}` as 'timers.validation.rejected') : null;
  };
  const days = weekdayNames(language);
  const preview = useMemo(() => {
    if (issues.length > 0 || body.repeatType === null) return [];
    const now = correctedNow();
    return occurrencesBetween(
      {
        repeatType: body.repeatType,
        startDateTime: body.startDateTime,
        endDateTime: body.endDateTime,
        dayOfWeeks: body.dayOfWeeks as (0 | 1 | 2 | 3 | 4 | 5 | 6)[],
        timerInterval: body.timerInterval,
        time: body.time ?? '00:00',
        timeZone: zone,
      },
      now,
      now + 2 * YEAR_MS,
      3,
    );
  }, [
    issues.length,
    body.repeatType,
    body.startDateTime,
    body.endDateTime,
    body.dayOfWeeks,
    body.timerInterval,
    body.time,
    zone,
  ]);

  const send = form.handleSubmit((values) => {
    const valid = bodyOf(values, zone);
    save.mutate(
      { ...(schedule ? { scheduleId: schedule.id } : {}), ...valid },
      {
        onSuccess: () => {
          toast.success(t('timers.schedule.saved'));
          void navigate(timerPaths.setDeviceSchedule(id), { replace: true });
        },
        onError: (err) => {
          const message = errorText(err, t);
          setServerError(knownValidation(message, t) ?? message);
        },
      },
    );
  });
  const submit = () => {
    setServerError(null);
    void send();
  };

  return (
    <div className="space-y-6">
      <PausedNote reason={schedule?.pausedReason ?? null} />
      <TextField
        maxLength={64}
        label={t('timers.schedule.name')}
        {...form.register('name')}
        error={shown('name')}
        testId="schedule-name"
      />

      <fieldset>
        <legend className="mb-2 px-1 text-sm font-medium text-ink">{t('timers.schedule.repeat')}</legend>
        <div className="flex flex-wrap gap-2" data-testid="schedule-repeat">
          {REPEAT_NAMES.map((name, value) => (
            <Chip
              key={name}
              selected={draft.repeatType === value}
              onClick={() => set({ repeatType: value as RepeatType })}
              testId={`repeat-${name}`}
            >
              {repeatName(value, t)}
            </Chip>
          ))}
        </div>
        {shown('repeatType') ? (
          <p role="alert" className="mt-1.5 px-1 text-[13px] text-danger">
            {shown('repeatType')}
          </p>
        ) : null}
      </fieldset>

      {draft.repeatType === Repeat.Weekly ? (
        <fieldset>
          <legend className="mb-2 px-1 text-sm font-medium text-ink">{t('timers.schedule.days')}</legend>
          <div className="flex flex-wrap gap-2" data-testid="schedule-days">
            {days.map((name, day) => (
              <Chip
                key={name}
                selected={draft.dayOfWeeks.includes(day)}
                onClick={() =>
                  set({
                    dayOfWeeks: draft.dayOfWeeks.includes(day)
                      ? draft.dayOfWeeks.filter((d) => d !== day)
                      : [...draft.dayOfWeeks, day],
                  })
                }
                testId={`weekday-${day}`}
              >
                {name}
              </Chip>
            ))}
          </div>
          {shown('dayOfWeeks') ? (
            <p role="alert" className="mt-1.5 px-1 text-[13px] text-danger">
              {shown('dayOfWeeks')}
            </p>
          ) : null}
        </fieldset>
      ) : null}

      {draft.repeatType === Repeat.Timer ? (
        <TextField
          maxLength={64}
          label={t('timers.schedule.interval')}
          value={draft.interval}
          onValueChange={(interval) =>
            set({ interval: latinDigits(interval).replace(/\D/g, '').slice(0, 6) })
          }
          error={shown('interval')}
          testId="schedule-interval"
        />
      ) : null}

      <TimeOfDayPicker
        label={draft.repeatType === Repeat.Timer ? t('timers.schedule.firstAt') : t('timers.schedule.time')}
        value={draft.time}
        onChange={(time) => set({ time })}
        error={shown('time')}
      />

      <DateField
        label={t('timers.schedule.start')}
        value={draft.start}
        onChange={(start) => set({ start })}
        testId="schedule-start"
      />
      <div>
        <div className="mb-3 flex items-center justify-between px-1">
          <span className="text-sm font-medium text-ink">{t('timers.schedule.hasEnd')}</span>
          <Switch
            checked={draft.hasEnd}
            onChange={(hasEnd) => set({ hasEnd })}
            label={t('timers.schedule.hasEnd')}
            testId="schedule-has-end"
          />
        </div>
        {draft.hasEnd ? (
          <DateField
            label={t('timers.schedule.end')}
            value={draft.end}
            onChange={(end) => set({ end })}
            testId="schedule-end"
            error={shown('end')}
          />
        ) : null}
      </div>

      <AddOrEditTimerActions
        profile={ctx.profile}
        actions={draft.actions}
        onChange={(actions) => set({ actions })}
        error={shown('actions')}
      />

      <Section title={t('timers.schedule.preview')}>
        <div className="px-4 py-3" data-testid="schedule-preview">
          {preview.length === 0 ? (
            <p className="text-[14px] text-muted">
              {issues.length > 0 ? t('timers.schedule.previewIncomplete') : t('timers.schedule.noNextRun')}
            </p>
          ) : (
            <ol className="space-y-1 text-[14px]">
              {preview.map((at, i) => (
                <li key={at} className="flex gap-2">
                  <span className="w-5 shrink-0 text-muted">{formatAmount(i + 1, language, 0)}.</span>
                  <span>{formatRun(at, language, zone)}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
      </Section>

      {serverError ? (
        <p
          role="alert"
          className="rounded-2xl bg-danger-soft px-4 py-3 text-[14px] text-danger"
          data-testid="schedule-error"
        >
          {serverError}
        </p>
      ) : null}

      <Button className="w-full" onClick={submit} busy={save.isPending} data-testid="schedule-save">
        {t('timers.schedule.save')}
      </Button>

      {schedule ? (
        <Section>
          <Row
            icon={Trash2Icon}
            tone="danger"
            title={t('timers.schedule.delete')}
            onClick={() => setConfirm(true)}
            testId="schedule-delete"
          />
        </Section>
      ) : null}
      <ConfirmDialog
        open={confirm}
        title={t('timers.schedule.deleteTitle', { name: schedule?.name ?? '' })}
        body={t('timers.schedule.deleteBody')}
        confirmLabel={t('timers.schedule.delete')}
        busy={remove.isPending}
        onClose={() => setConfirm(false)}
        onConfirm={() =>
          schedule &&
          remove.mutate(schedule.id, {
            onSuccess: () => {
              toast.success(t('timers.schedule.deleted'));
              void navigate(timerPaths.setDeviceSchedule(id), { replace: true });
            },
            onError: (err) => {
              setConfirm(false);
              toast.error(errorText(err, t));
            },
          })
        }
      />
    </div>
  );
}

function EditorLoader({ ctx }: { ctx: DeviceContext }) {
  const { t } = useTranslation();
  const { scheduleId } = useParams();
  const query = useScheduleQuery(scheduleId);
  useRefetchOnAccessChange(ctx.access, query.refetch);
  // View only: the schedule cannot be edited, but why it was switched off is still said.
  if (!ctx.mayControl)
    return (
      <div className="space-y-6">
        <ErrorState message={t('timers.viewOnly')} />
        <PausedNote reason={(scheduleId && query.data?.pausedReason) || null} />
      </div>
    );
  if (!scheduleId) return <Editor ctx={ctx} schedule={undefined} />;
  return (
    <QueryView query={query} retry={false}>
      {(schedule) => <Editor ctx={ctx} schedule={schedule} />}
    </QueryView>
  );
}

/** Add or edit one schedule of the device (set-device-schedule's form). */
export function ScheduleEditScreen() {
  const { t } = useTranslation();
  const { scheduleId } = useParams();
  return (
    <DeviceStackScreen
      title={scheduleId ? t('timers.schedule.edit') : t('timers.schedule.add')}
      testId="screen-schedule-edit"
      backTo={timerPaths.setDeviceSchedule}
    >
      {(ctx) => <EditorLoader ctx={ctx} />}
    </DeviceStackScreen>
  );
}
