import type { Automation, Run } from '@hestia/contract';
import type { TFunction } from 'i18next';
import ArrowDownIcon from 'lucide-react/icons/arrow-down';
import ArrowUpIcon from 'lucide-react/icons/arrow-up';
import HistoryIcon from 'lucide-react/icons/history';
import PencilIcon from 'lucide-react/icons/pencil';
import PlayIcon from 'lucide-react/icons/play';
import PlusIcon from 'lucide-react/icons/plus';
import RefreshCwIcon from 'lucide-react/icons/refresh-cw';
import ZapIcon from 'lucide-react/icons/zap';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryView } from '../../components/QueryView.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import {
  type AutomationKind,
  refreshAutomations,
  useAutomationsQuery,
  useExecute,
  useReorderScenarios,
} from '../../data/automation.ts';
import { errorText } from '../../data/errors.ts';
import { i18n } from '../../i18n/index.ts';
import { formatNumber } from '../../lib/format.ts';
import { automationPaths } from '../../routes/automation-paths.ts';
import { Button } from '../../ui/Button.tsx';
import { SegmentedBar } from '../../ui/SegmentedBar.tsx';
import { HEADER_BUTTON } from '../../ui/styles.ts';
import { toast } from '../../ui/Toast.tsx';
import { AutomationList } from './AutomationCards.tsx';
import { openDraft } from './draft-store.ts';
import { PausedNote } from './ValueInput.tsx';

/** The automation tab: scenarios (tap to run, reorder) and automations (active, notify, last run). */
export default function AutomationTabScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const segment: AutomationKind = search.get('segment') === 'automation' ? 'automation' : 'scenario';
  const scenarios = useAutomationsQuery('scenario');
  const automations = useAutomationsQuery('automation');
  const current = segment === 'scenario' ? scenarios : automations;
  const refreshing = current.isFetching && !current.isPending;
  return (
    <div className="mx-auto max-w-3xl px-4 pb-8 sm:px-6" data-testid="screen-automation">
      <PageHeader
        title={t('automation.title')}
        aside={
          <div className="flex shrink-0 gap-2">
            <button
              type="button"
              className={HEADER_BUTTON}
              onClick={() => void refreshAutomations()}
              aria-label={t('automation.refresh')}
              data-testid="automation-refresh"
            >
              {refreshing ? <Spinner size={20} /> : <RefreshCwIcon size={22} />}
            </button>
            <button
              type="button"
              className={HEADER_BUTTON}
              onClick={() => void navigate(automationPaths.selectAutomationScenario())}
              aria-label={t('automation.add')}
              data-testid="automation-add"
            >
              <PlusIcon size={22} />
            </button>
          </div>
        }
      />
      <div className="mt-5">
        <SegmentedBar
          label={t('automation.title')}
          value={segment}
          onChange={(v) => setSearch({ segment: v }, { replace: true })}
          options={[
            { value: 'scenario', label: t('automation.scenarios'), testId: 'segment-scenario' },
            { value: 'automation', label: t('automation.automations'), testId: 'segment-automation' },
          ]}
        />
      </div>
      <div className="mt-5">
        <QueryView query={current} empty={emptyOf(segment, t)}>
          {(list) =>
            segment === 'scenario' ? <ScenarioList scenarios={list} /> : <AutomationList automations={list} />
          }
        </QueryView>
      </div>
    </div>
  );
}

/** What a segment shows before its first scenario or automation: a way to add one. */
function emptyOf(kind: AutomationKind, t: TFunction) {
  const scenario = kind === 'scenario';
  return {
    icon: scenario ? PlayIcon : ZapIcon,
    title: scenario ? t('automation.emptyScenarios.title') : t('automation.emptyAutomations.title'),
    body: scenario ? t('automation.emptyScenarios.body') : t('automation.emptyAutomations.body'),
    action: (
      <Link to={automationPaths.addOrEdit(kind)} onClick={() => openDraft(kind)}>
        <Button icon={PlusIcon} tabIndex={-1}>
          {scenario ? t('automation.newScenario') : t('automation.newAutomation')}
        </Button>
      </Link>
    ),
  };
}

function ScenarioList({ scenarios }: { scenarios: Automation[] }) {
  const { t } = useTranslation();
  const [reordering, setReordering] = useState(false);
  const reorder = useReorderScenarios();
  const move = (from: number, to: number) => {
    const ids = scenarios.map((s) => s.id);
    const [moved] = ids.splice(from, 1);
    if (!moved) return;
    ids.splice(to, 0, moved);
    reorder.mutate(ids, { onError: (err) => toast.error(errorText(err, t)) });
  };
  return (
    <div>
      <div className="mb-3 flex items-center justify-between gap-2 px-1">
        <p className="text-sm text-muted">{t('automation.tapToRunHint')}</p>
        {scenarios.length > 1 ? (
          <Button
            variant="ghost"
            className="h-9 shrink-0 px-4 text-sm"
            onClick={() => setReordering((r) => !r)}
            data-testid="scenario-reorder"
            nowrap
          >
            {reordering ? t('automation.done') : t('automation.reorder')}
          </Button>
        ) : null}
      </div>
      {reordering ? (
        <ol className="divide-y divide-line overflow-hidden rounded-3xl bg-surface shadow-card ring-1 ring-line/60">
          {scenarios.map((s, i) => (
            <li
              key={s.id}
              className="flex min-h-14 items-center gap-2 px-4 py-2"
              data-testid="scenario-order-row"
            >
              <span className="w-6 text-center text-sm text-muted">
                {formatNumber(i + 1, i18n.language, 0)}
              </span>
              <span className="min-w-0 flex-1 truncate font-medium">{s.name}</span>
              <button
                type="button"
                className="grid size-10 place-items-center rounded-full text-ink hover:bg-surface-2 disabled:opacity-30"
                disabled={i === 0 || reorder.isPending}
                onClick={() => move(i, i - 1)}
                aria-label={t('automation.moveUp', { name: s.name })}
              >
                <ArrowUpIcon size={20} />
              </button>
              <button
                type="button"
                className="grid size-10 place-items-center rounded-full text-ink hover:bg-surface-2 disabled:opacity-30"
                disabled={i === scenarios.length - 1 || reorder.isPending}
                onClick={() => move(i, i + 1)}
                aria-label={t('automation.moveDown', { name: s.name })}
              >
                <ArrowDownIcon size={20} />
              </button>
            </li>
          ))}
        </ol>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {scenarios.map((s) => (
            <ScenarioCard key={s.id} scenario={s} />
          ))}
        </ul>
      )}
    </div>
  );
}

function runToast(run: Run, name: string, t: TFunction) {
  // Skipped when run by hand: the server refused it for lack of access to one of its devices.
  if (run.status === 'skipped') toast.error(t('automation.run.refused', { name }));
  else if (run.status === 'failed') toast.error(t('automation.run.failed', { name }));
  else if (run.status === 'running') toast.success(t('automation.run.started', { name }));
  else toast.success(t('automation.run.done', { name }));
}

function ScenarioCard({ scenario }: { scenario: Automation }) {
  const { t } = useTranslation();
  const execute = useExecute('scenario');
  const run = () =>
    execute.mutate(scenario.id, {
      onSuccess: (r) => runToast(r, scenario.name, t),
      onError: (err) => toast.error(errorText(err, t)),
    });
  return (
    <li
      className="relative flex flex-col rounded-3xl bg-surface shadow-card ring-1 ring-line/60"
      data-testid="scenario-card"
      data-id={scenario.id}
    >
      <button
        type="button"
        onClick={run}
        disabled={execute.isPending}
        aria-busy={execute.isPending || undefined}
        className="flex flex-1 flex-col items-start gap-3 rounded-3xl p-4 text-start transition active:scale-[0.98]"
        data-testid="scenario-run"
      >
        <span className="grid size-11 place-items-center rounded-2xl bg-accent-soft text-accent-text">
          {execute.isPending ? (
            <Spinner size={22} label={t('automation.run.running')} />
          ) : (
            <PlayIcon size={22} />
          )}
        </span>
        <span className="w-full min-w-0">
          <span className="block truncate font-semibold">{scenario.name}</span>
          <span className="mt-0.5 block text-[13px] text-muted">
            {t('automation.actionCount', {
              count: scenario.actionCount,
              n: formatNumber(scenario.actionCount, i18n.language, 0),
            })}
          </span>
        </span>
      </button>
      <div className="flex justify-end gap-1 px-2 pb-2">
        <Link
          to={automationPaths.runs('scenario', scenario.id)}
          aria-label={t('automation.history.open', { name: scenario.name })}
          className="grid size-10 place-items-center rounded-full text-muted hover:bg-surface-2"
          data-testid="scenario-history"
        >
          <HistoryIcon size={20} />
        </Link>
        <Link
          to={automationPaths.addOrEdit('scenario', scenario.id)}
          onClick={() => openDraft('scenario', scenario)}
          aria-label={t('automation.edit', { name: scenario.name })}
          className="grid size-10 place-items-center rounded-full text-muted hover:bg-surface-2"
          data-testid="scenario-edit"
        >
          <PencilIcon size={20} />
        </Link>
      </div>
      <PausedNote reason={scenario.pausedReason} className="mx-2 mb-2" />
    </li>
  );
}
