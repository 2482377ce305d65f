import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useDeviceQuery } from '../../data/devices.ts';
import { automationPaths } from '../../routes/automation-paths.ts';
import { useBack } from '../../ui/StackScreen.tsx';
import { Stepper } from '../../ui/Stepper.tsx';
import { defaultActionValue, isRequestKey } from './action-keys.ts';
import { useDraftStore } from './draft-store.ts';
import { EditorScreen, FormSection, useEditedIndex, useKeyValue } from './EditorParts.tsx';
import { ParamPicker } from './ParamPicker.tsx';
import { commandKeys, keyTitle } from './text.ts';
import { ValueInput, valueFits, valueRangeText } from './ValueInput.tsx';

/** command-screen [id, deviceProfileId]: which parameter of the device to set, to what, after what delay. */
export default function CommandScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const back = useBack(automationPaths.tab);
  const { data: device } = useDeviceQuery(id);
  const { draft, putCommand } = useDraftStore();
  const index = useEditedIndex();
  const existing = index === undefined ? undefined : draft.commands[index];
  const profileId = device?.deviceProfileId ?? search.get('deviceProfileId') ?? '';
  const keys = commandKeys(profileId);
  const { key, def, value, error, setError, pickKey, changeValue } = useKeyValue(
    keys,
    existing?.deviceParameterId ?? keys[0]?.key ?? null,
    existing?.value === undefined || existing.value === null ? null : (existing.value as number | string),
    defaultActionValue,
  );
  const [minutes, setMinutes] = useState(Math.floor((existing?.delay ?? 0) / 60));
  const [seconds, setSeconds] = useState((existing?.delay ?? 0) % 60);

  const submit = () => {
    if (!def) return;
    const v =
      def.kind === 'boolean' && value === null
        ? 0
        : def.kind === 'enum' && value === null && def.values?.length === 1
          ? (def.values[0] ?? null)
          : value;
    if (!valueFits(def, v)) {
      setError(valueRangeText(def, t));
      return;
    }
    const delay = Math.min(86_400, minutes * 60 + seconds);
    // Spec section 5: one action without a delay per device.
    if (
      delay === 0 &&
      draft.commands.some((c, i) => i !== index && c.deviceId === id && (c.delay ?? 0) === 0)
    ) {
      setError(t('automation.errors.duplicateImmediateAction'));
      return;
    }
    putCommand(
      {
        deviceId: id,
        deviceParameterId: def.key,
        value: v,
        delay,
        order: index ?? draft.commands.length,
        label: device?.label ?? null,
      },
      index,
    );
    back();
  };

  return (
    <EditorScreen
      kind="command"
      title={device?.label ?? t('automation.command.title')}
      testId="screen-command"
      onSave={submit}
      canSave={!!def}
      error={error}
    >
      <ParamPicker
        title={t('automation.command.parameter')}
        keys={keys}
        value={key}
        onChange={pickKey}
        titleOf={(k) => keyTitle(k, t, profileId)}
      />
      {def && isRequestKey(def) ? (
        <FormSection title={t('automation.command.value')}>
          <p className="text-[15px] font-medium" data-testid="value-request">
            {keyTitle(def.key, t, profileId)}
          </p>
          <p className="mt-1 text-[13px] text-muted">{t('automation.value.request')}</p>
        </FormSection>
      ) : def ? (
        <FormSection title={t('automation.command.value')}>
          <ValueInput def={def} value={value ?? (def.kind === 'boolean' ? 0 : null)} onChange={changeValue} />
        </FormSection>
      ) : null}
      <FormSection
        title={t('automation.command.delay')}
        hint={t('automation.command.delayHint')}
        className="flex gap-3"
      >
        <Stepper
          label={t('automation.command.minutes')}
          value={minutes}
          onChange={(n) => setMinutes(n ?? 0)}
          min={0}
          max={1440}
          testId="delay-minutes"
        />
        <Stepper
          label={t('automation.command.seconds')}
          value={seconds}
          onChange={(n) => setSeconds(n ?? 0)}
          min={0}
          max={59}
          testId="delay-seconds"
        />
      </FormSection>
    </EditorScreen>
  );
}
