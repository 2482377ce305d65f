import type { Schedule } from '@hestia/contract';
import CalendarIcon from 'lucide-react/icons/calendar';
import PlusIcon from 'lucide-react/icons/plus';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { QueryView } from '../../components/QueryView.tsx';
import { correctedNow } from '../../data/api.ts';
import { errorText } from '../../data/errors.ts';
import { useSchedulesQuery, useSetScheduleActive } from '../../data/timers.ts';
import { timerPaths } from '../../routes/timer-paths.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState, ErrorState } from '../../ui/EmptyState.tsx';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { toast } from '../../ui/Toast.tsx';
import { PausedNote } from '../automation/ValueInput.tsx';
import { type DeviceContext, DeviceStackScreen, useRefetchOnAccessChange } from './device-screen.tsx';
import { describeSchedule, nextRunOf } from './schedule-text.ts';
import { formatRun, writableKeys } from './timer-lib.ts';

function ScheduleRows({ ctx, schedules }: { ctx: DeviceContext; schedules: readonly Schedule[] }) {
  const { t, i18n } = useTranslation();
  const id = ctx.device.id;
  const setActive = useSetScheduleActive(id);
  const now = correctedNow();
  return (
    <Section>
      {schedules.map((s) => {
        const next = nextRunOf(s, now);
        const pending = setActive.isPending && setActive.variables?.scheduleId === s.id;
        const active = pending ? (setActive.variables?.active ?? s.isActive) : s.isActive;
        return (
          <div key={s.id} data-testid="schedule-row" data-schedule-id={s.id} data-active={active}>
            <div className="flex items-center gap-1 pe-4">
              <div className="min-w-0 flex-1">
                <Row
                  icon={CalendarIcon}
                  title={<bdi>{s.name}</bdi>}
                  subtitle={
                    <>
                      <span className="block">{describeSchedule(s, t, i18n.language)}</span>
                      <span className="block" data-testid="schedule-next-run">
                        {!active
                          ? t('timers.schedule.paused')
                          : next !== null
                            ? t('timers.schedule.nextRun', {
                                at: formatRun(next, i18n.language, s.timeZone),
                              })
                            : t('timers.schedule.noNextRun')}
                      </span>
                    </>
                  }
                  to={timerPaths.editSchedule(id, s.id)}
                  testId="schedule-open"
                />
              </div>
              <Switch
                checked={active}
                // Switching on asks for control of the device: a view-only share cannot.
                disabled={pending || !ctx.mayControl}
                label={t('timers.schedule.activeLabel', { name: s.name })}
                testId="schedule-active"
                onChange={(next) =>
                  setActive.mutate(
                    { scheduleId: s.id, active: next },
                    { onError: (err) => toast.error(errorText(err, t)) },
                  )
                }
              />
            </div>
            <PausedNote reason={s.pausedReason} className="mx-4 mb-3" />
          </div>
        );
      })}
    </Section>
  );
}

function ScheduleList({ ctx }: { ctx: DeviceContext }) {
  const { t } = useTranslation();
  const query = useSchedulesQuery(ctx.device.id);
  useRefetchOnAccessChange(ctx.access, query.refetch);
  // View only: no new schedules, but the user's own ones stay listed with why they were switched off.
  if (!ctx.mayControl)
    return (
      <div className="space-y-6">
        <ErrorState message={t('timers.viewOnly')} />
        {query.data?.length ? <ScheduleRows ctx={ctx} schedules={query.data} /> : null}
      </div>
    );
  return (
    <QueryView
      query={query}
      empty={{ icon: CalendarIcon, title: t('timers.schedule.empty'), body: t('timers.schedule.emptyBody') }}
    >
      {(schedules) => <ScheduleRows ctx={ctx} schedules={schedules} />}
    </QueryView>
  );
}

/** set-device-schedule (spec section 2): the device's schedules, each with its switch and next run. */
export function SetDeviceScheduleScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <DeviceStackScreen
      title={t('timers.schedule.title')}
      testId="screen-set-device-schedule"
      footer={(ctx) =>
        ctx.mayControl && writableKeys(ctx.profile).length > 0 ? (
          <Button
            className="w-full"
            icon={PlusIcon}
            data-testid="schedule-add"
            onClick={() => void navigate(timerPaths.newSchedule(ctx.device.id))}
          >
            {t('timers.schedule.add')}
          </Button>
        ) : null
      }
    >
      {(ctx) =>
        writableKeys(ctx.profile).length === 0 ? (
          <EmptyState icon={CalendarIcon} title={t('timers.notSupported')} />
        ) : (
          <ScheduleList ctx={ctx} />
        )
      }
    </DeviceStackScreen>
  );
}
