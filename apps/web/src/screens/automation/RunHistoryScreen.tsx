import type { Automation, Run } from '@hestia/contract';
import type { TFunction } from 'i18next';
import ChevronDownIcon from 'lucide-react/icons/chevron-down';
import HistoryIcon from 'lucide-react/icons/history';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { QueryView } from '../../components/QueryView.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import {
  type AutomationKind,
  useAutomationQuery,
  useRunsQuery,
  useScenarioRunQuery,
} from '../../data/automation.ts';
import { useDevicesQuery } from '../../data/devices.ts';
import { i18n } from '../../i18n/index.ts';
import { formatDateTime, formatTime } from '../../lib/date-format.ts';
import { automationPaths } from '../../routes/automation-paths.ts';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { accessText } from './access-text.ts';
import { ConditionType, observedDefOf } from './condition-meta.ts';
import { eventTextOf, observedEventText } from './event-text.ts';
import { usePressedRemotes } from './remote-press.ts';
import { commandText, conditionText, delayText, keyDefOf, keyTitle, statusText, valueText } from './text.ts';

/** A run's date and time, and a step's time of day, with seconds, by the app's one formatter. */
const time = (ms: number) => formatDateTime(ms, i18n.language, undefined, { seconds: true });
const clock = (ms: number) => formatTime(ms, i18n.language, true);

/**
 * The run's trigger in words: a change of device values, a tap, a schedule. Of the keys a telemetry
 * message changed, those the automation's conditions watch are named (all when none match).
 */
function triggerText(trigger: string, t: TFunction, watched: readonly string[]): string {
  if (trigger === 'Manual') return t('automation.history.trigger.manual');
  if (trigger === 'Schedule') return t('automation.history.trigger.schedule');
  if (trigger === 'Location') return t('automation.history.trigger.location');
  const event = /^Notify: (.+)$/.exec(trigger);
  if (event?.[1]) return t('automation.history.trigger.notify', { event: eventTextOf(event[1], t) });
  const change = /^DeviceParam: (.+) changed$/.exec(trigger);
  if (change?.[1]) {
    const changed = change[1].split(', ');
    const named = changed.filter((k) => watched.includes(k));
    return t('automation.history.trigger.deviceParam', {
      keys: (named.length > 0 ? named : changed).map((k) => keyTitle(k, t)).join(t('common.separator')),
    });
  }
  return trigger;
}

const STATUS_TONE: Record<Run['status'], string> = {
  done: 'bg-success/15 text-success-text',
  failed: 'bg-danger-soft text-danger',
  running: 'bg-accent-soft text-accent-text',
  skipped: 'bg-surface-2 text-muted',
};

/** Run history: each run with its trace (trigger, conditions with values and verdicts, actions with results and timing). */
export default function RunHistoryScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const kind: AutomationKind = search.get('kind') === 'scenario' ? 'scenario' : 'automation';
  const automation = useAutomationQuery(kind, id);
  const runs = useRunsQuery(kind, id, { refetchMs: 3000 });
  const title = automation.data
    ? t('automation.history.titleOf', { name: automation.data.name })
    : t('automation.history.title');
  return (
    <StackScreen title={title} backTo={`${automationPaths.tab}?segment=${kind}`} testId="screen-run-history">
      <QueryView
        query={runs}
        empty={{
          icon: HistoryIcon,
          title: t('automation.history.empty'),
          body: t('automation.history.emptyBody'),
        }}
      >
        {(list) => (
          <ol className="space-y-3">
            {list.map((run, i) => (
              <RunCard
                key={run.id}
                run={run}
                kind={kind}
                automation={automation.data}
                initiallyOpen={i === 0}
              />
            ))}
          </ol>
        )}
      </QueryView>
    </StackScreen>
  );
}

function RunCard({
  run: listed,
  kind,
  automation,
  initiallyOpen,
}: {
  run: Run;
  kind: AutomationKind;
  automation: Automation | undefined;
  initiallyOpen: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(initiallyOpen);
  // A scenario's execution details come from their own route (spec section 7).
  const details = useScenarioRunQuery(kind === 'scenario' && open ? listed.id : null);
  const run = details.data ?? listed;
  const duration = run.finishedAt !== null ? Math.max(0, run.finishedAt - run.startedAt) : null;
  return (
    <li
      className="overflow-hidden rounded-3xl bg-surface shadow-card ring-1 ring-line/60"
      data-testid="run"
      data-status={run.status}
    >
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        className="flex w-full items-center gap-3 px-4 py-3 text-start"
      >
        <span className={`rounded-full px-2.5 py-1 text-[12px] font-semibold ${STATUS_TONE[run.status]}`}>
          {statusText(run.status, t)}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-[15px] leading-snug font-medium" data-testid="run-trigger">
            {triggerText(
              run.trigger,
              t,
              automation?.conditions.flatMap((c) => (c.deviceParameterId ? [c.deviceParameterId] : [])) ?? [],
            )}
          </span>
          <span className="block text-[12px] text-muted">
            {time(run.startedAt)}
            {duration !== null
              ? `${t('common.separator')}${t('automation.history.took', { ms: new Intl.NumberFormat(i18n.language).format(duration) })}`
              : ''}
          </span>
        </span>
        <ChevronDownIcon
          size={18}
          className={`shrink-0 text-muted transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </button>
      {open ? (
        details.isFetching && !details.data ? (
          <div className="grid place-items-center py-4">
            <Spinner size={20} />
          </div>
        ) : (
          <Trace run={run} automation={automation} />
        )
      ) : null}
    </li>
  );
}

function Trace({ run, automation }: { run: Run; automation: Automation | undefined }) {
  const { t } = useTranslation();
  const devices = useDevicesQuery().data ?? [];
  const remotes = usePressedRemotes(run.actions);
  return (
    <div className="space-y-4 border-t border-line px-4 py-3" data-testid="run-trace">
      <div>
        <h3 className="mb-1.5 text-[12px] font-semibold tracking-wide text-muted uppercase">
          {t('automation.history.conditions')}
        </h3>
        {run.conditions.length === 0 ? (
          <p className="text-[13px] text-muted">{t('automation.history.noConditions')}</p>
        ) : (
          <ul className="space-y-1.5">
            {run.conditions.map((c) => {
              const condition = automation?.conditions[c.index];
              const device = devices.find((d) => d.id === condition?.deviceId);
              const def = keyDefOf(device, condition?.deviceParameterId) ?? observedDefOf(condition);
              return (
                <li
                  key={c.index}
                  className="flex items-start gap-2 text-[14px]"
                  data-testid="trace-condition"
                  data-verdict={c.verdict}
                  title={c.explanation}
                >
                  <span
                    className={`mt-0.5 shrink-0 rounded-full px-2 py-0.5 text-[11px] font-semibold ${
                      c.verdict ? 'bg-success/15 text-success-text' : 'bg-danger-soft text-danger'
                    }`}
                  >
                    {c.verdict ? t('automation.history.held') : t('automation.history.notHeld')}
                  </span>
                  <span className="min-w-0">
                    <span className="block">
                      {condition
                        ? conditionText(condition, devices, t)
                        : t('automation.history.conditionN', { n: c.index + 1 })}
                    </span>
                    <span className="block text-[12px] text-muted">
                      {accessText(c.explanation, t) ??
                        t('automation.history.observed', {
                          value:
                            condition?.conditionType === ConditionType.Notify
                              ? observedEventText(c.observedValue, t)
                              : valueText(def, c.observedValue, t),
                        })}
                    </span>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div>
        <h3 className="mb-1.5 text-[12px] font-semibold tracking-wide text-muted uppercase">
          {t('automation.history.actions')}
        </h3>
        <ul className="space-y-1.5">
          {run.actions.map((a, i) => {
            const ok = a.result === 'OK';
            return (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: a run's steps keep their order and have no id.
                key={i}
                className="flex items-start gap-2 text-[14px]"
                data-testid="trace-action"
                data-result={a.result ?? 'pending'}
              >
                <span
                  className={`mt-0.5 shrink-0 rounded-full px-2 py-0.5 text-[11px] font-semibold ${
                    a.result === null
                      ? 'bg-surface-2 text-muted'
                      : ok
                        ? 'bg-success/15 text-success-text'
                        : 'bg-danger-soft text-danger'
                  }`}
                >
                  {a.result === null
                    ? t('automation.history.pending')
                    : ok
                      ? t('automation.history.ok')
                      : t('automation.history.failed')}
                </span>
                <span className="min-w-0">
                  <span className="block">
                    {commandText(
                      {
                        deviceId: a.deviceId,
                        deviceParameterId: a.deviceParameterId,
                        value: a.value,
                        params: a.params,
                      },
                      devices,
                      t,
                      remotes,
                    )}
                  </span>
                  <span className="block text-[12px] text-muted">
                    {a.atMs > 0
                      ? `${t('automation.command.after', { delay: delayText(Math.round(a.atMs / 1000), t) })}${t('common.separator')}`
                      : ''}
                    {a.ranAt !== null
                      ? t('automation.history.ranAt', { time: clock(a.ranAt) })
                      : t('automation.history.notYet')}
                    {a.result !== null && !ok ? (
                      <>
                        {t('common.separator')}
                        <bdi>{accessText(a.result, t) ?? a.result}</bdi>
                      </>
                    ) : null}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
