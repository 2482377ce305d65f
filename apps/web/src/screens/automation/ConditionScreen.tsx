import BellRingIcon from 'lucide-react/icons/bell-ring';
import ClockIcon from 'lucide-react/icons/clock';
import CloudIcon from 'lucide-react/icons/cloud';
import GaugeIcon from 'lucide-react/icons/gauge';
import HandIcon from 'lucide-react/icons/hand';
import HistoryIcon from 'lucide-react/icons/history';
import MapPinIcon from 'lucide-react/icons/map-pin';
import { useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useDeviceQuery } from '../../data/devices.ts';
import { i18n } from '../../i18n/index.ts';
import { formatNumber } from '../../lib/format.ts';
import { automationPaths } from '../../routes/automation-paths.ts';
import { ConfirmDialog } from '../../ui/Dialog.tsx';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { StackScreen, useBack } from '../../ui/StackScreen.tsx';
import { useDraftStore } from './draft-store.ts';
import {
  EditorScreen,
  FormSection,
  focusGroup,
  useConditionEditor,
  useFollowErrors,
} from './EditorParts.tsx';
import { FieldProblem, rejectedText } from './FieldProblem.tsx';
import { LocationCondition } from './LocationConditionScreen.tsx';
import { NotifyCondition } from './NotifyConditionScreen.tsx';
import { KeyPickerField } from './ParamPicker.tsx';
import {
  comparisonAllowed,
  conditionValue,
  deviceConditionOf,
  deviceConditionResolver,
  type KeyValueForm,
  keyIn,
  shownComparison,
} from './sub-forms.ts';
import { TimedCondition, WeatherCondition } from './TimedConditions.tsx';
import { COMPARISONS, ConditionType, conditionKeys } from './text.ts';
import { ComparisonPicker, ValueInput, valueProblemText } from './ValueInput.tsx';

/**
 * condition-screen: pick a condition type; with [id, deviceProfileId], set a device-value condition,
 * or with `type=event` a device-event (Notify) condition.
 */
export default function ConditionScreen() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const type = search.get('type');
  if (id && type === 'event') return <NotifyCondition deviceId={id} />;
  if (id) return <DeviceParamCondition deviceId={id} />;
  if (type === 'schedule' || type === 'timer') return <TimedCondition kind={type} />;
  if (type === 'weather') return <WeatherCondition />;
  if (type === 'location') return <LocationCondition />;
  return <ConditionTypes />;
}

function ConditionTypes() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = useBack(automationPaths.tab);
  const { draft, patch } = useDraftStore();
  const [confirm, setConfirm] = useState(false);
  const others = draft.conditions.filter((c) => c.conditionType !== ConditionType.TapToRun);
  const addTapToRun = () => {
    patch({ conditions: [{ conditionType: ConditionType.TapToRun }] });
    back();
  };
  return (
    <StackScreen title={t('automation.condition.title')} testId="screen-condition">
      <Section hint={t('automation.condition.typesHint')}>
        <Row
          icon={GaugeIcon}
          title={t('automation.condition.types.deviceParam')}
          subtitle={t('automation.condition.types.deviceParamHint')}
          onClick={() => void navigate(automationPaths.selectDevice(), { replace: true })}
          testId="condition-type-device"
        />
        <Row
          icon={BellRingIcon}
          title={t('automation.condition.types.notify')}
          subtitle={t('automation.condition.types.notifyHint')}
          onClick={() => void navigate(automationPaths.selectDevice({ for: 'event' }), { replace: true })}
          testId="condition-type-event"
        />
        <Row
          icon={ClockIcon}
          title={t('automation.condition.types.schedule')}
          subtitle={t('automation.condition.types.scheduleHint')}
          onClick={() => void navigate(automationPaths.condition({ type: 'schedule' }), { replace: true })}
          testId="condition-type-schedule"
        />
        <Row
          icon={HistoryIcon}
          title={t('automation.condition.types.timer')}
          subtitle={t('automation.condition.types.timerHint')}
          onClick={() => void navigate(automationPaths.condition({ type: 'timer' }), { replace: true })}
          testId="condition-type-timer"
        />
        <Row
          icon={CloudIcon}
          title={t('automation.condition.types.weather')}
          subtitle={t('automation.condition.types.weatherHint')}
          onClick={() => void navigate(automationPaths.condition({ type: 'weather' }), { replace: true })}
          testId="condition-type-weather"
        />
        <Row
          icon={MapPinIcon}
          title={t('automation.condition.types.location')}
          subtitle={t('automation.condition.types.locationHint')}
          onClick={() => void navigate(automationPaths.condition({ type: 'location' }), { replace: true })}
          testId="condition-type-location"
        />
        <Row
          icon={HandIcon}
          title={t('automation.condition.types.tapToRun')}
          subtitle={t('automation.condition.types.tapToRunHint')}
          onClick={() => (others.length > 0 ? setConfirm(true) : addTapToRun())}
          testId="condition-type-tap"
        />
      </Section>
      <ConfirmDialog
        open={confirm}
        title={t('automation.condition.tapConfirm.title')}
        body={t('automation.condition.tapConfirm.body', { n: formatNumber(others.length, i18n.language, 0) })}
        confirmLabel={t('automation.condition.tapConfirm.confirm')}
        onClose={() => setConfirm(false)}
        onConfirm={addTapToRun}
      />
    </StackScreen>
  );
}

function DeviceParamCondition({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const { data: device } = useDeviceQuery(deviceId);
  const { existing, save } = useConditionEditor();
  const profileId = device?.deviceProfileId ?? search.get('deviceProfileId') ?? '';
  const keys = conditionKeys(profileId);
  // The form on react-hook-form, checked by the key's range and the contract's conditionBodySchema
  // (sub-forms.ts); the device's keys are read when the check runs (the device may load later).
  const live = useRef({ deviceId, keys });
  live.current = { deviceId, keys };
  const resolver = useMemo(() => deviceConditionResolver(() => live.current), []);
  const form = useForm<KeyValueForm>({
    defaultValues: {
      key: existing?.deviceParameterId ?? keys[0]?.key ?? null,
      value:
        existing?.value === undefined || existing.value === null ? null : (existing.value as number | string),
      comparison: existing?.comparisonType ?? 2,
    },
    resolver,
  });
  useFollowErrors(form);
  const { key, comparison } = form.watch();
  const def = keyIn(keys, key);
  const allowed = COMPARISONS.filter((c) => comparisonAllowed(def, c.value));
  const shown = shownComparison(def, comparison);
  const submit = form.handleSubmit((values) => {
    const chosen = keyIn(live.current.keys, values.key);
    if (chosen) save(deviceConditionOf(deviceId, chosen, values));
  });

  return (
    <EditorScreen
      kind="condition"
      title={device?.label ?? t('automation.condition.title')}
      testId="screen-condition-device"
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
            // Another key starts without a value.
            onPick={() => form.setValue('value', null)}
            title={t('automation.condition.parameter')}
            keys={keys}
          />
        )}
      />
      {def ? (
        <FormSection title={t('automation.condition.when')} className="space-y-4">
          <Controller
            control={form.control}
            name="comparison"
            render={({ field, fieldState }) => (
              <div ref={focusGroup(field.ref)}>
                <ComparisonPicker
                  comparisons={allowed}
                  value={shown}
                  onChange={field.onChange}
                  testId="comparison"
                />
                <FieldProblem text={rejectedText(fieldState.error?.message, t)} />
              </div>
            )}
          />
          <p className="text-center text-[13px] text-muted" data-testid="comparison-name">
            {t(`automation.comparison.${allowed.find((c) => c.value === shown)?.name ?? 'Equal'}`)}
          </p>
          <Controller
            control={form.control}
            name="value"
            render={({ field, fieldState }) => (
              <div ref={focusGroup(field.ref)}>
                <ValueInput
                  def={def}
                  value={conditionValue(def, field.value)}
                  onChange={field.onChange}
                  error={valueProblemText(def, fieldState.error?.message, t)}
                />
              </div>
            )}
          />
        </FormSection>
      ) : null}
    </EditorScreen>
  );
}
