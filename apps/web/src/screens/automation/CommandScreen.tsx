import { getProfile } from '@hestia/catalog';
import { useMemo, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useDeviceQuery } from '../../data/devices.ts';
import { automationPaths } from '../../routes/automation-paths.ts';
import { useBack } from '../../ui/StackScreen.tsx';
import { Stepper } from '../../ui/Stepper.tsx';
import { defaultActionValue, isRequestKey } from './action-keys.ts';
import { useDraftStore } from './draft-store.ts';
import { EditorScreen, FormSection, focusGroup, useEditedIndex, useFollowErrors } from './EditorParts.tsx';
import { FieldProblem, rejectedText } from './FieldProblem.tsx';
import { KeyPickerField } from './ParamPicker.tsx';
import { RemoteCommandScreen } from './RemoteCommandScreen.tsx';
import { type CommandForm, type CommandLive, commandOf, commandResolver, keyIn } from './sub-forms.ts';
import { commandKeys, keyTitle } from './text.ts';
import { ValueInput, valueProblemText } from './ValueInput.tsx';

/**
 * command-screen [id, deviceProfileId]: which parameter of the device to set, to what, after what
 * delay; for an IR blaster, which button of which of its remotes to press (RemoteCommandScreen).
 */
export default function CommandScreen() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const { data: device } = useDeviceQuery(id);
  const profileId = device?.deviceProfileId ?? search.get('deviceProfileId') ?? '';
  return getProfile(profileId)?.features.includes('ir') ? (
    <RemoteCommandScreen id={id} label={device?.label ?? null} />
  ) : (
    <KeyCommandScreen id={id} profileId={profileId} label={device?.label ?? null} />
  );
}

/** A key write: the key, its value and the delay. */
function KeyCommandScreen({ id, profileId, label }: { id: string; profileId: string; label: string | null }) {
  const { t } = useTranslation();
  const back = useBack(automationPaths.tab);
  const { draft, putCommand } = useDraftStore();
  const index = useEditedIndex();
  const existing = index === undefined ? undefined : draft.commands[index];
  const keys = commandKeys(profileId);
  // The form on react-hook-form, checked by the key's range, the spec's one-immediate-action rule and
  // the contract's commandBodySchema (sub-forms.ts), against the device and the draft as they are then.
  const live = useRef<CommandLive>({ deviceId: id, label: null, keys, commands: [], index });
  live.current = { deviceId: id, label, keys, commands: draft.commands, index };
  const resolver = useMemo(() => commandResolver(() => live.current), []);
  const initialKey = existing?.deviceParameterId ?? keys[0]?.key ?? null;
  const form = useForm<CommandForm>({
    defaultValues: {
      key: initialKey,
      value:
        existing?.value === undefined || existing.value === null
          ? defaultActionValue(keyIn(keys, initialKey))
          : (existing.value as number | string),
      comparison: 0,
      minutes: Math.floor((existing?.delay ?? 0) / 60),
      seconds: (existing?.delay ?? 0) % 60,
    },
    resolver,
  });
  useFollowErrors(form);
  const def = keyIn(keys, form.watch('key'));
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    const chosen = keyIn(live.current.keys, values.key);
    if (!chosen) return;
    putCommand(commandOf(live.current, chosen, values), index);
    back();
  });

  return (
    <EditorScreen
      kind="command"
      title={label ?? t('automation.command.title')}
      testId="screen-command"
      onSave={() => void submit()}
      canSave={!!def}
    >
      <Controller
        control={form.control}
        name="key"
        render={({ field, fieldState }) => (
          <KeyPickerField
            field={field}
            problem={rejectedText(fieldState.error?.message, t)}
            // Another key starts at its valid default (or unset).
            onPick={(next) => form.setValue('value', defaultActionValue(keyIn(keys, next)))}
            title={t('automation.command.parameter')}
            keys={keys}
            titleOf={(k) => keyTitle(k, t, profileId)}
          />
        )}
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
          <Controller
            control={form.control}
            name="value"
            render={({ field, fieldState }) => (
              <div ref={focusGroup(field.ref)}>
                <ValueInput
                  def={def}
                  value={field.value ?? (def.kind === 'boolean' ? 0 : null)}
                  onChange={field.onChange}
                  error={valueProblemText(def, fieldState.error?.message, t)}
                />
              </div>
            )}
          />
        </FormSection>
      ) : null}
      <FormSection title={t('automation.command.delay')} hint={t('automation.command.delayHint')}>
        <Controller
          control={form.control}
          name="minutes"
          render={({ field }) => (
            <div ref={focusGroup(field.ref)} className="flex gap-3">
              <Stepper
                label={t('automation.command.minutes')}
                value={field.value}
                onChange={(n) => field.onChange(n ?? 0)}
                min={0}
                max={1440}
                testId="delay-minutes"
              />
              <Controller
                control={form.control}
                name="seconds"
                render={({ field: seconds }) => (
                  <Stepper
                    label={t('automation.command.seconds')}
                    value={seconds.value}
                    onChange={(n) => seconds.onChange(n ?? 0)}
                    min={0}
                    max={59}
                    testId="delay-seconds"
                  />
                )}
              />
            </div>
          )}
        />
        <FieldProblem text={rejectedText(errors.minutes?.message, t)} testId="command-error" />
      </FormSection>
    </EditorScreen>
  );
}
