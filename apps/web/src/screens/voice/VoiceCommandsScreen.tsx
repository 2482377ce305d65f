import type { VoiceCommand } from '@hestia/contract';
import MicIcon from 'lucide-react/icons/mic';
import PlusIcon from 'lucide-react/icons/plus';
import Trash2Icon from 'lucide-react/icons/trash-2';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAutomationsQuery } from '../../data/automation.ts';
import { useDevicesQuery } from '../../data/devices.ts';
import { errorText } from '../../data/errors.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { localeDigits } from '../../lib/digits.ts';
import {
  useDeleteVoiceCache,
  useDeleteVoiceCommand,
  useVoiceCommandsQuery,
} from '../../lib/voice/voice-data.ts';
import { paths, voicePaths } from '../../routes.ts';
import { useAppSettingStore } from '../../state/app-setting-store.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { EmptyState, ErrorState, LoadingBlock } from '../../ui/EmptyState.tsx';
import { Section } from '../../ui/Section.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { toast } from '../../ui/Toast.tsx';
import { DatasetSection } from './DatasetSection.tsx';
import { voiceTargetText } from './target-text.ts';

function CommandRow({
  command,
  targetName,
  onDelete,
}: {
  command: VoiceCommand;
  targetName: string;
  onDelete(): void;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <li className="flex min-h-16 items-center gap-3 px-4 py-2.5" data-testid="voice-command">
      <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-text">
        <MicIcon size={20} />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-[15px] font-medium" data-testid="voice-command-name">
          {localeDigits(command.name, language)}
        </span>
        <span className="block truncate text-[13px] text-muted">
          {t(command.target.type === 'automation' ? 'voice.commands.runs' : 'voice.commands.sets', {
            name: targetName,
          })}{' '}
          · {localeDigits(t('voice.commands.samples', { count: command.samples.length }), language)}
        </span>
      </span>
      <button
        type="button"
        aria-label={t('voice.commands.delete', { name: command.name })}
        data-testid="voice-command-delete"
        onClick={onDelete}
        className="grid size-11 shrink-0 place-items-center rounded-full text-danger hover:bg-danger-soft disabled:opacity-50"
      >
        <Trash2Icon size={20} />
      </button>
    </li>
  );
}

/**
 * The voice assistant's settings (spec: voice commands): the floating button's global flag, the
 * user's commands (getAllCustomCommands) with what each runs, adding one, clearing the service's
 * cache, and the data set for offline use.
 */
export default function VoiceCommandsScreen() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const navigate = useNavigate();
  const buttonOn = useAppSettingStore((s) => s.isGlobalButtonVisible);
  const commands = useVoiceCommandsQuery();
  const automations = useAutomationsQuery('automation');
  const devices = useDevicesQuery();
  const clearCache = useDeleteVoiceCache();
  const remove = useDeleteVoiceCommand();
  const [confirmClear, setConfirmClear] = useState(false);
  const [deleting, setDeleting] = useState<VoiceCommand | null>(null);

  const targetName = (c: VoiceCommand) =>
    voiceTargetText(c.target, { automations: automations.data, devices: devices.data }, t);

  return (
    <StackScreen
      title={t('voice.commands.title')}
      slide="side"
      backTo={paths.tab('setting')}
      testId="screen-voice-commands"
      action={
        <button
          type="button"
          aria-label={t('voice.commands.add')}
          title={t('voice.commands.add')}
          onClick={() => void navigate(voicePaths.add())}
          data-testid="voice-command-add"
          className="grid size-11 shrink-0 place-items-center rounded-full text-accent-text hover:bg-accent-soft"
        >
          <PlusIcon size={24} />
        </button>
      }
    >
      <Section title={t('voice.setting.section')} hint={t('voice.setting.buttonHint')}>
        <div className="flex min-h-14 items-center gap-3 px-4 py-2.5">
          <span className="min-w-0 flex-1 text-[15px] font-medium">{t('voice.setting.button')}</span>
          <Switch
            checked={buttonOn}
            label={t('voice.setting.button')}
            testId="voice-button-toggle"
            onChange={(next) => useAppSettingStore.setState({ isGlobalButtonVisible: next })}
          />
        </div>
      </Section>

      <h2 className="mb-2 px-4 text-[13px] font-semibold tracking-wide text-muted uppercase">
        {t('voice.commands.title')}
      </h2>
      <div className="mb-6">
        {commands.isPending ? (
          <LoadingBlock />
        ) : commands.isError ? (
          <ErrorState message={errorText(commands.error, t)} onRetry={() => void commands.refetch()} />
        ) : commands.data.length === 0 ? (
          <EmptyState
            icon={MicIcon}
            title={t('voice.commands.empty')}
            body={t('voice.commands.emptyBody')}
            action={
              <Button icon={PlusIcon} onClick={() => void navigate(voicePaths.add())}>
                {t('voice.commands.add')}
              </Button>
            }
          />
        ) : (
          <ul
            data-testid="voice-commands"
            className="divide-y divide-line overflow-hidden rounded-3xl bg-surface shadow-card ring-1 ring-line/60"
          >
            {commands.data.map((c) => (
              <CommandRow key={c.id} command={c} targetName={targetName(c)} onDelete={() => setDeleting(c)} />
            ))}
          </ul>
        )}
      </div>

      <DatasetSection />

      <Section hint={t('voice.commands.clearHint')}>
        <button
          type="button"
          data-testid="voice-clear-cache"
          onClick={() => setConfirmClear(true)}
          className="flex min-h-14 w-full items-center justify-center gap-2.5 text-[15px] font-semibold text-danger transition-colors hover:bg-danger-soft"
        >
          <Trash2Icon size={20} />
          {t('voice.commands.clear')}
        </button>
      </Section>

      <ConfirmDialog
        open={confirmClear}
        title={t('voice.commands.clearConfirm')}
        body={t('voice.commands.clearHint')}
        confirmLabel={t('voice.commands.clear')}
        busy={clearCache.isPending}
        onClose={() => setConfirmClear(false)}
        onConfirm={() =>
          clearCache.mutate(undefined, {
            onSuccess: () => toast.success(t('voice.commands.cleared')),
            onError: (err) => toast.error(errorText(err, t)),
            onSettled: () => setConfirmClear(false),
          })
        }
      />

      <ConfirmDialog
        open={deleting !== null}
        title={t('voice.commands.deleteConfirm', { name: localeDigits(deleting?.name ?? '', language) })}
        body={localeDigits(
          t('voice.commands.deleteConfirmBody', { count: deleting?.samples.length ?? 0 }),
          language,
        )}
        confirmLabel={t('voice.commands.deleteAction')}
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => toast.success(t('voice.commands.deleted')),
            onError: (err) => toast.error(errorText(err, t)),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </StackScreen>
  );
}
