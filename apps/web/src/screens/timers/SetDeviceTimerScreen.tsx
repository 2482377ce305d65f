import { errorMessage } from '@hestia/catalog';
import type { Schedule } from '@hestia/contract';
import TimerIcon from 'lucide-react/icons/timer';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { correctedNow } from '../../data/api.ts';
import { useDeviceControl } from '../../data/control.ts';
import { errorText } from '../../data/errors.ts';
import { useDeleteTimer, useSaveTimer, useTimersQuery } from '../../data/timers.ts';
import { useCountdown } from '../../hooks/useCountdown.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { formatAmount } from '../../lib/chart-format.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState, ErrorState } from '../../ui/EmptyState.tsx';
import { Section } from '../../ui/Section.tsx';
import { toast } from '../../ui/Toast.tsx';
import { PausedNote } from '../automation/ValueInput.tsx';
import { AddOrEditTimerActions } from './AddOrEditTimerActions.tsx';
import { DurationPicker } from './DurationPicker.tsx';
import { type DeviceContext, DeviceStackScreen, useRefetchOnAccessChange } from './device-screen.tsx';
import { type TimerForm, type TimerLive, timerBody, timerResolver } from './timer-form.ts';
import { defaultTimerActions, formatRun, maxTimerMinutes, timerRefusal, writableKeys } from './timer-lib.ts';
import { keyTitle, valueText } from './timer-text.ts';
import { useTimeZone } from './use-time-zone.ts';

/** H:MM:SS in the language's digits. */
function clockText(seconds: number, language: string): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (v: number) => formatAmount(v, language, 0).padStart(2, formatAmount(0, language, 0));
  return `${formatAmount(h, language, 0)}:${two(m)}:${two(s)}`;
}

/** What a timer writes when it ends, in words. */
function useTimerSummary(timer: Schedule, ctx: DeviceContext): string {
  const { t, i18n } = useTranslation();
  const keys = writableKeys(ctx.profile);
  return timer.deviceScheduleActions
    .map(
      (a) =>
        `${keyTitle(a.deviceParameterId, t)}: ${valueText(
          keys.find((k) => k.key === a.deviceParameterId),
          a.value,
          t,
          i18n.language,
        )}`,
    )
    .join(t('common.separator'));
}

/** Remove a timer: the toast says so, or why not. */
function useCancelTimer(deviceId: string) {
  const { t } = useTranslation();
  const remove = useDeleteTimer(deviceId);
  const cancel = (timerId: string) =>
    remove.mutate(timerId, {
      onSuccess: () => toast.success(t('timers.timer.cancelled')),
      onError: (err) => toast.error(errorText(err, t)),
    });
  return { cancel, busy: remove.isPending };
}

function RunningTimer({ timer, ctx }: { timer: Schedule; ctx: DeviceContext }) {
  const { t, i18n } = useTranslation();
  const left = useCountdown(timer.nextRunAt, correctedNow);
  const zone = useTimeZone();
  const remove = useCancelTimer(ctx.device.id);
  const summary = useTimerSummary(timer, ctx);
  return (
    <div className="flex items-center gap-3 px-4 py-3" data-testid="running-timer" data-timer-id={timer.id}>
      <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-accent-soft text-accent-text">
        <TimerIcon size={22} />
      </span>
      <div className="min-w-0 flex-1">
        <p
          className="text-2xl font-semibold tabular-nums"
          dir="ltr"
          data-testid="timer-remaining"
          aria-live="off"
          style={{ textAlign: 'start' }}
        >
          {clockText(left, i18n.language)}
        </p>
        <p className="text-[13px] text-muted">
          {timer.nextRunAt
            ? t('timers.timer.endsAt', { at: formatRun(timer.nextRunAt, i18n.language, zone) })
            : null}
        </p>
        <p className="mt-0.5 truncate text-[13px] text-muted">{summary}</p>
      </div>
      <Button
        variant="secondary"
        className="h-10 px-4"
        busy={remove.busy}
        data-testid="timer-cancel"
        onClick={() => remove.cancel(timer.id)}
      >
        {t('timers.timer.cancel')}
      </Button>
    </div>
  );
}

/**
 * A timer the server switched off before it ended, because its owner may no longer control the device
 * (a share revoked, expired or scoped down to view): why, what it would have written, and Cancel.
 */
function StoppedTimer({ timer, ctx }: { timer: Schedule; ctx: DeviceContext }) {
  const { t } = useTranslation();
  const remove = useCancelTimer(ctx.device.id);
  const summary = useTimerSummary(timer, ctx);
  return (
    <div className="px-4 py-3" data-testid="stopped-timer" data-timer-id={timer.id}>
      <div className="flex items-center gap-3">
        <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-surface-2 text-muted">
          <TimerIcon size={22} />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-[15px] font-medium">{t('timers.schedule.paused')}</p>
          <p className="mt-0.5 truncate text-[13px] text-muted">{summary}</p>
        </div>
        <Button
          variant="secondary"
          className="h-10 px-4"
          busy={remove.busy}
          data-testid="timer-cancel"
          onClick={() => remove.cancel(timer.id)}
        >
          {t('timers.timer.cancel')}
        </Button>
      </div>
      <PausedNote reason={timer.pausedReason} className="mt-2" />
    </div>
  );
}

/** The running timers, and those switched off with a reason; `none` when nothing runs. */
function TimerList({ ctx, timers }: { ctx: DeviceContext; timers: ReturnType<typeof useTimersQuery> }) {
  const { t } = useTranslation();
  const list = timers.data ?? [];
  const running = list.filter((x) => x.isActive && x.nextRunAt !== null);
  const stopped = list.filter((x) => x.pausedReason);
  return (
    <Section title={t('timers.timer.running')}>
      {timers.isLoading ? (
        <p className="px-4 py-4 text-[14px] text-muted">{t('common.loading')}</p>
      ) : (
        <>
          {running.length === 0 ? (
            <p className="px-4 py-4 text-[14px] text-muted" data-testid="no-running-timer">
              {t('timers.timer.none')}
            </p>
          ) : (
            running.map((timer) => <RunningTimer key={timer.id} timer={timer} ctx={ctx} />)
          )}
          {stopped.map((timer) => (
            <StoppedTimer key={timer.id} timer={timer} ctx={ctx} />
          ))}
        </>
      )}
    </Section>
  );
}

function TimerBody({ ctx }: { ctx: DeviceContext }) {
  const { t } = useTranslation();
  const control = useDeviceControl(ctx.device.id);
  const timers = useTimersQuery(ctx.device.id);
  useRefetchOnAccessChange(ctx.access, timers.refetch);
  const save = useSaveTimer(ctx.device.id);
  // The form on react-hook-form: checked on the first start, then on every change.
  const live = useRef<TimerLive>({ defaults: [], max: 0 });
  const resolver = useMemo(() => timerResolver(live), []);
  const form = useForm<TimerForm>({ defaultValues: { minutes: 30, actions: null }, resolver });
  const values = form.watch();
  const { errors, isSubmitted } = form.formState;
  // Until the user edits them, the actions follow the outputs' live state (defaultTimerActions).
  const defaults = defaultTimerActions(ctx.profile, control.values);
  const actions = values.actions ?? defaults;
  const max = maxTimerMinutes(ctx.profile, actions);
  live.current = { defaults, max };
  const minutes = values.minutes;
  const set = <K extends keyof TimerForm>(field: K, value: TimerForm[K]) => {
    form.setValue(field, value as never, { shouldDirty: true });
    if (isSubmitted) void form.trigger();
  };
  const [serverError, setServerError] = useState<string | null>(null);
  const refusal = timerRefusal(ctx.profile, control.values, actions, minutes);
  const refusalText = refusal ? errorMessage(refusal.code, currentLanguage()) : null;
  const message = (key: string | undefined) =>
    key ? t(`timers.${key}` as 'timers.validation.rejected') : null;
  const actionsError = message(errors.actions?.message);
  const timeError = message(errors.minutes?.message);

  const send = form.handleSubmit((checked) => {
    if (refusal) return;
    save.mutate(timerBody(checked, live.current), {
      onSuccess: () => toast.success(t('timers.timer.started')),
      onError: (err) => setServerError(errorText(err, t)),
    });
  });
  const start = () => {
    setServerError(null);
    void send();
  };

  // View only: no new timers, but the user's own ones switched off stay listed with why.
  if (!ctx.mayControl)
    return (
      <div className="space-y-6">
        <ErrorState message={t('timers.viewOnly')} />
        {timers.data?.some((x) => x.pausedReason) ? <TimerList ctx={ctx} timers={timers} /> : null}
      </div>
    );
  return (
    <>
      <TimerList ctx={ctx} timers={timers} />

      <Section
        title={t('timers.timer.new')}
        hint={t('timers.timer.maxHint', {
          h: formatAmount(Math.floor(max / 60), currentLanguage(), 0),
          m: formatAmount(max % 60, currentLanguage(), 0),
        })}
      >
        <div className="px-4 py-4">
          <DurationPicker minutes={minutes} onChange={(m) => set('minutes', m)} max={max} />
          {timeError ? (
            <p role="alert" className="mt-2 px-1 text-[13px] text-danger">
              {timeError}
            </p>
          ) : null}
        </div>
      </Section>

      <AddOrEditTimerActions
        profile={ctx.profile}
        actions={actions}
        onChange={(next) => set('actions', next)}
        error={actionsError}
      />

      {refusalText ? (
        <p
          role="alert"
          className="mb-4 rounded-2xl bg-danger-soft px-4 py-3 text-[14px] text-danger"
          data-testid="timer-refusal"
        >
          {refusalText}
        </p>
      ) : null}
      {serverError ? (
        <p
          role="alert"
          className="mb-4 rounded-2xl bg-danger-soft px-4 py-3 text-[14px] text-danger"
          data-testid="timer-error"
        >
          {serverError}
        </p>
      ) : null}
      <Button
        className="w-full"
        onClick={start}
        busy={save.isPending}
        disabled={!!refusal}
        data-testid="timer-start"
      >
        {t('timers.timer.start')}
      </Button>
    </>
  );
}

/** set-device-timer (spec section 2): a countdown that writes the chosen values when it ends. */
export function SetDeviceTimerScreen() {
  const { t } = useTranslation();
  return (
    <DeviceStackScreen title={t('timers.timer.title')} testId="screen-set-device-timer">
      {(ctx) =>
        writableKeys(ctx.profile).length === 0 ? (
          <EmptyState icon={TimerIcon} title={t('timers.notSupported')} />
        ) : (
          <TimerBody ctx={ctx} />
        )
      }
    </DeviceStackScreen>
  );
}
