import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAutomationsQuery } from '../../data/automation.ts';
import { errorText } from '../../data/errors.ts';
import { latinDigits } from '../../lib/digits.ts';
import { useSubmitVoiceCommand } from '../../lib/voice/voice-data.ts';
import { voicePaths } from '../../routes.ts';
import { PrimaryButton } from '../../ui/Button.tsx';
import { LoadingBlock } from '../../ui/EmptyState.tsx';
import { FormAlert } from '../../ui/FormAlert.tsx';
import { Select } from '../../ui/Select.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/Toast.tsx';
import { SAMPLES_PER_COMMAND, SampleSlots } from './SampleSlots.tsx';

/** The phrase's longest length (the contract's VOICE_NAME_MAX). */
const NAME_MAX = 80;

type Problem = 'name' | 'automation' | 'samples';

/**
 * A new voice command (spec: add a command): its phrase (Persian digits typed become Latin), the
 * automation it runs, and three recorded samples, each playable; saved with `subToData`.
 */
export default function VoiceCommandAddScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const automations = useAutomationsQuery('automation');
  const submit = useSubmitVoiceCommand();
  const [name, setName] = useState('');
  const [automationId, setAutomationId] = useState('');
  const [filenames, setFilenames] = useState<(string | null)[]>(() =>
    Array.from({ length: SAMPLES_PER_COMMAND }, () => null),
  );
  const [tried, setTried] = useState(false);

  const problems = new Set<Problem>();
  if (!name.trim()) problems.add('name');
  if (!automationId) problems.add('automation');
  if (filenames.some((f) => !f)) problems.add('samples');
  const show = (p: Problem) => tried && problems.has(p);

  const save = () => {
    setTried(true);
    if (problems.size > 0) return;
    submit.mutate(
      {
        name: name.trim(),
        target: { type: 'automation', automationId },
        filenames: filenames.filter((f): f is string => Boolean(f)),
      },
      {
        onSuccess: () => {
          toast.success(t('voice.add.saved'));
          void navigate(voicePaths.commands(), { replace: true });
        },
        onError: (err) => toast.error(errorText(err, t)),
      },
    );
  };

  const list = automations.data ?? [];
  return (
    <StackScreen
      title={t('voice.add.title')}
      slide="bottom"
      backTo={voicePaths.commands()}
      testId="screen-voice-command-add"
      footer={
        <PrimaryButton busy={submit.isPending} onClick={save} data-testid="voice-command-save">
          {t('voice.add.save')}
        </PrimaryButton>
      }
    >
      <div className="flex flex-col gap-5">
        <TextField
          label={t('voice.add.name')}
          placeholder={t('voice.add.namePlaceholder')}
          value={name}
          maxLength={NAME_MAX}
          onValueChange={(v) => setName(latinDigits(v))}
          error={show('name') ? t('voice.add.nameRequired') : null}
          testId="voice-command-name-input"
        />
        {automations.isPending ? (
          <LoadingBlock />
        ) : list.length === 0 ? (
          <FormAlert>{t('voice.add.noAutomations')}</FormAlert>
        ) : (
          <Select
            label={t('voice.add.automation')}
            value={automationId}
            options={[['', '—'] as const, ...list.map((a) => [a.id, a.name] as const)]}
            onChange={setAutomationId}
            error={show('automation') ? t('voice.add.automationRequired') : null}
            testId="voice-command-automation"
          />
        )}
        <section aria-labelledby="voice-samples-title">
          <h2 id="voice-samples-title" className="mb-1 px-1 text-[15px] font-semibold">
            {t('voice.add.samplesTitle')}
          </h2>
          <p className="mb-3 px-1 text-[13px] text-muted">
            {t('voice.add.samplesHint', { count: SAMPLES_PER_COMMAND })}
          </p>
          <SampleSlots
            filenames={filenames}
            onChange={(index, filename) =>
              setFilenames((all) => all.map((f, i) => (i === index ? filename : f)))
            }
          />
          {show('samples') ? (
            <p className="mt-2 px-1 text-[13px] text-danger" role="alert" data-testid="voice-samples-error">
              {t('voice.add.samplesRequired', { count: SAMPLES_PER_COMMAND })}
            </p>
          ) : null}
        </section>
      </div>
    </StackScreen>
  );
}
