import ClockIcon from 'lucide-react/icons/clock';
import PlusIcon from 'lucide-react/icons/plus';
import Trash2Icon from 'lucide-react/icons/trash-2';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  useAddScenarioSchedule,
  useDeleteScenarioSchedule,
  useScenarioSchedules,
} from '../../data/automation.ts';
import { errorText } from '../../data/errors.ts';
import { i18n } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/date-format.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { toast } from '../../ui/Toast.tsx';
import { emptySchedule, type ScheduleValue } from './condition-meta.ts';
import { useFollowErrors } from './EditorParts.tsx';
import { ScheduleFields, scheduleText, useScheduleFieldProps } from './ScheduleFields.tsx';
import { scenarioScheduleBody, scenarioScheduleResolver } from './sub-forms.ts';
import { PausedNote } from './ValueInput.tsx';

/** A saved scenario's schedules: each with its next run, add (time and repeat) and delete. */
export function ScenarioSchedules({ scenarioId, name }: { scenarioId: string; name: string }) {
  const { t } = useTranslation();
  const list = useScenarioSchedules(scenarioId);
  const add = useAddScenarioSchedule(scenarioId);
  const remove = useDeleteScenarioSchedule(scenarioId);
  const [open, setOpen] = useState(false);
  // The dialog's form on react-hook-form: the schedule's rules and the contract's scheduleBodySchema
  // (sub-forms.ts); a refusal of the server shows below it.
  const named = useRef(name);
  named.current = name;
  const resolver = useMemo(() => scenarioScheduleResolver(() => named.current, Date.now), []);
  const form = useForm<ScheduleValue>({ defaultValues: emptySchedule(), resolver });
  useFollowErrors(form);
  const [error, setError] = useState<string | null>(null);
  const fields = useScheduleFieldProps(form, () => setError(null));
  const when = (ms: number) => formatDateTime(ms, i18n.language);

  const send = form.handleSubmit((checked) =>
    add.mutate(scenarioScheduleBody(name, checked, Date.now()), {
      onSuccess: () => {
        toast.success(t('automation.scenarioSchedule.added'));
        setOpen(false);
        form.reset(emptySchedule());
      },
      onError: (err) => setError(errorText(err, t)),
    }),
  );
  const submit = () => {
    setError(null);
    void send();
  };

  return (
    <Section title={t('automation.scenarioSchedule.title')} hint={t('automation.scenarioSchedule.hint')}>
      {(list.data ?? []).map((s) => (
        <div key={s.id} data-testid="scenario-schedule">
          <div className="flex min-h-14 items-center gap-3 ps-4 pe-2">
            <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-text">
              <ClockIcon size={20} />
            </span>
            <span className="min-w-0 flex-1 py-2">
              <span className="block text-[15px] font-medium">
                {scheduleText(
                  {
                    repeatType: s.repeatType,
                    time: s.time,
                    dayOfWeeks: s.dayOfWeeks,
                    timerInterval: s.timerInterval,
                  },
                  t,
                )}
              </span>
              {s.nextRunAt ? (
                <span className="block text-[13px] text-muted">
                  {t('automation.scenarioSchedule.next', { time: when(s.nextRunAt) })}
                </span>
              ) : null}
            </span>
            <button
              type="button"
              onClick={() => remove.mutate(s.id, { onError: (err) => toast.error(errorText(err, t)) })}
              aria-label={t('automation.scenarioSchedule.delete')}
              className="grid size-10 shrink-0 place-items-center rounded-full text-muted hover:bg-danger-soft hover:text-danger"
            >
              <Trash2Icon size={18} />
            </button>
          </div>
          <PausedNote reason={s.pausedReason} className="mx-4 mb-3" />
        </div>
      ))}
      <Row
        icon={PlusIcon}
        title={t('automation.scenarioSchedule.add')}
        onClick={() => {
          setError(null);
          form.reset(emptySchedule());
          setOpen(true);
        }}
        testId="add-scenario-schedule"
      />
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('automation.scenarioSchedule.dialogTitle')}
        testId="scenario-schedule-dialog"
        actions={
          <Button busy={add.isPending} onClick={submit} data-testid="scenario-schedule-save">
            {t('automation.scenarioSchedule.save')}
          </Button>
        }
      >
        <div className="pb-2">
          <ScheduleFields {...fields} />
          <p className="mt-3 text-[13px] text-muted">{t('automation.schedule.zoneHint')}</p>
          {error ? (
            <p role="alert" className="mt-3 rounded-2xl bg-danger-soft px-4 py-3 text-[14px] text-danger">
              {error}
            </p>
          ) : null}
        </div>
      </Dialog>
    </Section>
  );
}
