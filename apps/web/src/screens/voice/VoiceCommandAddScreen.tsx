import type { Device, VoiceTarget } from '@hestia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAutomationsQuery } from '../../data/automation.ts';
import { canControl, useAccessibleDevices, useDevicesQuery } from '../../data/devices.ts';
import { errorText } from '../../data/errors.ts';
import { latinDigits } from '../../lib/digits.ts';
import { useSubmitVoiceCommand } from '../../lib/voice/voice-data.ts';
import { voicePaths } from '../../routes.ts';
import { PrimaryButton } from '../../ui/Button.tsx';
import { LoadingBlock } from '../../ui/EmptyState.tsx';
import { FormAlert } from '../../ui/FormAlert.tsx';
import { SegmentedBar } from '../../ui/SegmentedBar.tsx';
import { Select } from '../../ui/Select.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/Toast.tsx';
import { defaultActionValue, isRequestKey } from '../automation/action-keys.ts';
import { ParamPicker } from '../automation/ParamPicker.tsx';
import { commandValue, keyIn, valueFits, valueProblem } from '../automation/sub-forms.ts';
import { commandKeys, keyTitle } from '../automation/text.ts';
import { ValueInput, valueProblemText } from '../automation/ValueInput.tsx';
import { SAMPLES_PER_COMMAND, SampleSlots } from './SampleSlots.tsx';

/** The phrase's longest length (the contract's VOICE_NAME_MAX). */
const NAME_MAX = 80;

type Kind = VoiceTarget['type'];
type Problem = 'name' | 'automation' | 'device' | 'key' | 'value' | 'samples';

/** A device a command may act on: the user's own or shared for control, with keys it takes. */
const mayBeCommanded = (d: Device) => canControl(d.access) && commandKeys(d.deviceProfileId).length > 0;

/**
 * A new voice command (spec: add a command): its phrase (Persian digits typed become Latin), what
 * it does — run one of the user's automations, or set a value of a device the user controls (the
 * keys and value fields of the automation editor's action) — and three recorded samples, each
 * playable; saved with `subToData`.
 */
export default function VoiceCommandAddScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const automations = useAutomationsQuery('automation');
  const deviceQuery = useDevicesQuery();
  const devices = useAccessibleDevices(deviceQuery.data).filter(mayBeCommanded);
  const submit = useSubmitVoiceCommand();
  const [name, setName] = useState('');
  const [kind, setKind] = useState<Kind>('automation');
  const [automationId, setAutomationId] = useState('');
  const [deviceId, setDeviceId] = useState('');
  const [key, setKey] = useState<string | null>(null);
  const [value, setValue] = useState<number | string | null>(null);
  const [filenames, setFilenames] = useState<(string | null)[]>(() =>
    Array.from({ length: SAMPLES_PER_COMMAND }, () => null),
  );
  const [tried, setTried] = useState(false);

  const device = devices.find((d) => d.id === deviceId);
  const profileId = device?.deviceProfileId ?? '';
  const keys = device ? commandKeys(profileId) : [];
  const def = keyIn(keys, key);
  const saved = def ? commandValue(def, value) : null;

  const pickDevice = (id: string) => {
    const next = devices.find((d) => d.id === id);
    const first = next ? commandKeys(next.deviceProfileId)[0] : undefined;
    setDeviceId(id);
    setKey(first?.key ?? null);
    setValue(defaultActionValue(first));
  };
  const pickKey = (next: string) => {
    setKey(next);
    setValue(defaultActionValue(keyIn(keys, next)));
  };

  const problems = new Set<Problem>();
  if (!name.trim()) problems.add('name');
  if (kind === 'automation' && !automationId) problems.add('automation');
  if (kind === 'device') {
    if (!device) problems.add('device');
    else if (!def) problems.add('key');
    else if (!valueFits(def, saved)) problems.add('value');
  }
  if (filenames.some((f) => !f)) problems.add('samples');
  const show = (p: Problem) => tried && problems.has(p);

  const target = (): VoiceTarget =>
    kind === 'automation'
      ? { type: 'automation', automationId }
      : { type: 'device', deviceId, values: { [key ?? '']: saved ?? 0 } };

  const save = () => {
    setTried(true);
    if (problems.size > 0) return;
    submit.mutate(
      {
        name: name.trim(),
        target: target(),
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
        <SegmentedBar<Kind>
          label={t('voice.add.does')}
          value={kind}
          onChange={setKind}
          testId="voice-command-kind"
          options={[
            { value: 'automation', label: t('voice.add.runAutomation') },
            { value: 'device', label: t('voice.add.controlDevice') },
          ]}
        />
        {kind === 'automation' ? (
          automations.isPending ? (
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
          )
        ) : deviceQuery.isPending ? (
          <LoadingBlock />
        ) : devices.length === 0 ? (
          <FormAlert>{t('voice.add.noDevices')}</FormAlert>
        ) : (
          <>
            <Select
              label={t('voice.add.device')}
              value={deviceId}
              options={[['', '—'] as const, ...devices.map((d) => [d.id, d.label] as const)]}
              onChange={pickDevice}
              error={show('device') ? t('voice.add.deviceRequired') : null}
              testId="voice-command-device"
            />
            {device ? (
              <div data-testid="voice-command-action">
                <ParamPicker
                  title={t('voice.add.action')}
                  keys={keys}
                  value={key}
                  onChange={pickKey}
                  titleOf={(k) => keyTitle(k, t, profileId)}
                />
                {def && isRequestKey(def) ? (
                  <p className="px-1 text-[13px] text-muted" data-testid="voice-command-request">
                    {t('automation.value.request')}
                  </p>
                ) : def ? (
                  <section aria-labelledby="voice-value-title" className="px-1">
                    <h2 id="voice-value-title" className="mb-2 text-[15px] font-semibold">
                      {t('voice.add.value')}
                    </h2>
                    <ValueInput
                      def={def}
                      value={value ?? (def.kind === 'boolean' ? 0 : null)}
                      onChange={setValue}
                      error={
                        show('value') ? valueProblemText(def, valueProblem(def, saved) ?? undefined, t) : null
                      }
                    />
                  </section>
                ) : null}
                {show('key') ? (
                  <p className="mt-2 px-1 text-[13px] text-danger" role="alert">
                    {t('voice.add.actionRequired')}
                  </p>
                ) : null}
              </div>
            ) : null}
          </>
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
