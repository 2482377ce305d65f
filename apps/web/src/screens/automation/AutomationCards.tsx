import type { Automation } from '@hestia/contract';
import BellIcon from 'lucide-react/icons/bell';
import HistoryIcon from 'lucide-react/icons/history';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRunsQuery, useSetActive, useSetNotify } from '../../data/automation.ts';
import { useDevicesQuery } from '../../data/devices.ts';
import { errorText } from '../../data/errors.ts';
import { i18n } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/date-format.ts';
import { formatNumber } from '../../lib/format.ts';
import { automationPaths } from '../../routes/automation-paths.ts';
import { Switch } from '../../ui/Switch.tsx';
import { toast } from '../../ui/Toast.tsx';
import { openDraft } from './draft-store.ts';
import { conditionText, statusText } from './text.ts';
import { PausedNote } from './ValueInput.tsx';

/** The automations as cards: active and notify switches, the last run, the way to the history. */
export function AutomationList({ automations }: { automations: Automation[] }) {
  return (
    <ul className="space-y-3">
      {automations.map((a) => (
        <AutomationCard key={a.id} automation={a} />
      ))}
    </ul>
  );
}

function LastRun({ id }: { id: string }) {
  const { t } = useTranslation();
  const runs = useRunsQuery('automation', id);
  const last = runs.data?.[0];
  if (!last) return <span className="text-muted">{t('automation.lastRun.never')}</span>;
  const when = formatDateTime(last.startedAt, i18n.language);
  const tone =
    last.status === 'failed' ? 'text-danger' : last.status === 'done' ? 'text-success-text' : 'text-muted';
  return (
    <span data-testid="last-run" data-status={last.status}>
      <span className={`font-medium ${tone}`}>{statusText(last.status, t)}</span>
      <span className="text-muted">
        {t('common.separator')}
        {when}
      </span>
    </span>
  );
}

function AutomationCard({ automation: a }: { automation: Automation }) {
  const { t } = useTranslation();
  const devices = useDevicesQuery().data ?? [];
  const active = useSetActive();
  const notify = useSetNotify();
  const fail = (err: unknown) => toast.error(errorText(err, t));
  const first = a.conditions[0];
  const summary = first
    ? `${conditionText(first, devices, t)}${a.conditions.length > 1 ? ` ${t('automation.moreConditions', { n: formatNumber(a.conditions.length - 1, i18n.language, 0) })}` : ''}`
    : t('automation.noConditions');
  return (
    <li
      className="rounded-3xl bg-surface shadow-card ring-1 ring-line/60"
      data-testid="automation-card"
      data-id={a.id}
      data-active={a.isActive}
    >
      <div className="flex items-start gap-3 p-4 pb-2">
        <Link
          to={automationPaths.addOrEdit('automation', a.id)}
          onClick={() => openDraft('automation', a)}
          className="min-w-0 flex-1"
          data-testid="automation-edit"
        >
          <span className="block truncate text-[16px] font-semibold">{a.name}</span>
          <span className="mt-1 block text-[13px] leading-snug text-muted">
            {summary}
            {` ${t('automation.thenArrow')} `}
            {t('automation.actionCount', {
              count: a.actionCount,
              n: formatNumber(a.actionCount, i18n.language, 0),
            })}
          </span>
        </Link>
        <Switch
          checked={a.isActive}
          label={t('automation.active')}
          busy={active.isPending}
          onChange={(isActive) => active.mutate({ id: a.id, isActive }, { onError: fail })}
          testId="automation-active"
        />
      </div>
      {a.warnings.length > 0 ? (
        <p
          className="mx-4 mb-2 rounded-2xl bg-danger-soft px-3 py-2 text-[13px] text-danger"
          data-testid="automation-warning"
        >
          {t('automation.conflictShort')}
        </p>
      ) : null}
      <PausedNote reason={a.pausedReason} className="mx-4 mb-2" />
      <div className="flex items-center gap-1 border-t border-line px-2 py-1.5">
        <span className="min-w-0 flex-1 truncate px-2 text-[13px]">
          <LastRun id={a.id} />
        </span>
        <button
          type="button"
          aria-pressed={a.isNotify}
          aria-label={t('automation.notify')}
          onClick={() => notify.mutate({ id: a.id, isNotify: !a.isNotify }, { onError: fail })}
          className={`grid size-10 place-items-center rounded-full hover:bg-surface-2 ${a.isNotify ? 'text-accent-text' : 'text-muted'}`}
          data-testid="automation-notify"
        >
          <BellIcon size={20} className={a.isNotify ? '' : 'opacity-60'} />
        </button>
        <Link
          to={automationPaths.runs('automation', a.id)}
          aria-label={t('automation.history.open', { name: a.name })}
          className="grid size-10 place-items-center rounded-full text-muted hover:bg-surface-2"
          data-testid="automation-history"
        >
          <HistoryIcon size={20} />
        </Link>
      </div>
    </li>
  );
}
