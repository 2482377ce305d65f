import type { Device } from '@hestia/contract';
import BellIcon from 'lucide-react/icons/bell';
import CircleAlertIcon from 'lucide-react/icons/circle-alert';
import { useTranslation } from 'react-i18next';
import type { AutomationKind } from '../../data/automation.ts';
import { Section } from '../../ui/Section.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { useDraftStore } from './draft-store.ts';
import { withDeviceNames } from './text.ts';

/** The editor's options: notify (with its message) and, for an automation, active. */
export function EditorOptions({ kind }: { kind: AutomationKind }) {
  const { t } = useTranslation();
  const { draft, patch } = useDraftStore();
  return (
    <Section title={t('automation.editor.options')}>
      <div className="flex min-h-14 items-center gap-3 px-4 py-2.5">
        <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-text">
          <BellIcon size={20} />
        </span>
        <span className="min-w-0 flex-1 text-[15px] font-medium">{t('automation.editor.notify')}</span>
        <Switch
          checked={draft.isNotify}
          onChange={(isNotify) => patch({ isNotify })}
          label={t('automation.editor.notify')}
          testId="automation-notify-switch"
        />
      </div>
      {draft.isNotify ? (
        <div className="px-4 py-3">
          <TextField
            label={t('automation.editor.notifyMessage')}
            value={draft.notifyMessage ?? ''}
            onValueChange={(notifyMessage) => patch({ notifyMessage })}
            maxLength={256}
            placeholder={t('automation.editor.notifyPlaceholder')}
            testId="automation-notify-message"
          />
        </div>
      ) : null}
      {kind === 'automation' ? (
        <div className="flex min-h-14 items-center gap-3 px-4 py-2.5">
          <span className="min-w-0 flex-1 text-[15px] font-medium">{t('automation.active')}</span>
          <Switch
            checked={draft.isActive}
            onChange={(isActive) => patch({ isActive })}
            label={t('automation.active')}
            testId="automation-active-switch"
          />
        </div>
      ) : null}
    </Section>
  );
}

/** The conflicts found when the automation was last saved (the tab's card points here for the reasons). */
export function StoredWarnings({
  warnings: storedWarnings,
  devices,
}: {
  warnings: readonly string[];
  devices: readonly Device[];
}) {
  const { t } = useTranslation();
  if (storedWarnings.length === 0) return null;
  return (
    <div
      className="mb-6 rounded-2xl bg-danger-soft px-4 py-3 text-[14px] text-danger"
      data-testid="stored-warnings"
    >
      <p className="flex items-center gap-2 font-semibold">
        <CircleAlertIcon size={18} className="shrink-0" />
        {t('automation.editor.warningsTitleStored')}
      </p>
      <ul className="mt-1.5 list-disc space-y-1 ps-5">
        {storedWarnings.map((w) => (
          <li key={w}>
            <bdi>{withDeviceNames(w, devices)}</bdi>
          </li>
        ))}
      </ul>
    </div>
  );
}
