import type { KeyDef } from '@hestia/catalog';
import ClockIcon from 'lucide-react/icons/clock';
import CloudIcon from 'lucide-react/icons/cloud';
import GaugeIcon from 'lucide-react/icons/gauge';
import HandIcon from 'lucide-react/icons/hand';
import HistoryIcon from 'lucide-react/icons/history';
import MapPinIcon from 'lucide-react/icons/map-pin';
import { useState } from 'react';
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
import { EditorScreen, FormSection, useConditionEditor, useKeyValue } from './EditorParts.tsx';
import { LocationCondition } from './LocationConditionScreen.tsx';
import { ParamPicker } from './ParamPicker.tsx';
import { TimedCondition, WeatherCondition } from './TimedConditions.tsx';
import { COMPARISONS, ConditionType, conditionKeys } from './text.ts';
import { ComparisonPicker, ValueInput, valueFits, valueRangeText } from './ValueInput.tsx';

/** condition-screen: pick a condition type; with [id, deviceProfileId], set a device-value condition. */
export default function ConditionScreen() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const type = search.get('type');
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

/** Comparisons that make sense for a key: equal or not for on/off and choices, all six for numbers. */
const comparisonsFor = (def: KeyDef | undefined) =>
  def && def.kind !== 'number' ? COMPARISONS.filter((c) => c.value === 0 || c.value === 5) : COMPARISONS;

function DeviceParamCondition({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const { data: device } = useDeviceQuery(deviceId);
  const { existing, save } = useConditionEditor();
  const profileId = device?.deviceProfileId ?? search.get('deviceProfileId') ?? '';
  const keys = conditionKeys(profileId);
  const { key, def, value, error, setError, pickKey, changeValue } = useKeyValue(
    keys,
    existing?.deviceParameterId ?? keys[0]?.key ?? null,
    existing?.value === undefined || existing.value === null ? null : (existing.value as number | string),
  );
  const [comparison, setComparison] = useState<number>(existing?.comparisonType ?? 2);
  const allowed = comparisonsFor(def);
  const shownComparison = allowed.some((c) => c.value === comparison) ? comparison : 0;

  const submit = () => {
    if (!def) return;
    const v = def.kind === 'boolean' && value === null ? 1 : value;
    if (!valueFits(def, v)) {
      setError(valueRangeText(def, t));
      return;
    }
    save({
      conditionType: ConditionType.DeviceParam,
      deviceId,
      deviceParameterId: def.key,
      comparisonType: shownComparison,
      value: v,
    });
  };

  return (
    <EditorScreen
      kind="condition"
      title={device?.label ?? t('automation.condition.title')}
      testId="screen-condition-device"
      onSave={submit}
      canSave={!!def}
    >
      <ParamPicker title={t('automation.condition.parameter')} keys={keys} value={key} onChange={pickKey} />
      {def ? (
        <FormSection title={t('automation.condition.when')} className="space-y-4">
          <ComparisonPicker
            comparisons={allowed}
            value={shownComparison}
            onChange={setComparison}
            testId="comparison"
          />
          <p className="text-center text-[13px] text-muted" data-testid="comparison-name">
            {t(`automation.comparison.${allowed.find((c) => c.value === shownComparison)?.name ?? 'Equal'}`)}
          </p>
          <ValueInput def={def} value={value} onChange={changeValue} error={error} />
        </FormSection>
      ) : null}
    </EditorScreen>
  );
}
