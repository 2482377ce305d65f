import type { KeyDef } from '@hestia/catalog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { PinIcon } from '../../components/home-icons.tsx';
import { Button, Row, Section, StackScreen, useBack } from '../../components/home-ui.tsx';
import { useDeviceQuery } from '../../data/devices.ts';
import { i18n } from '../../i18n/index.ts';
import { formatNumber } from '../../lib/format.ts';
import { automationPaths } from '../../routes/automation-paths.ts';
import { useDraftStore } from './draft-store.ts';
import { LocationCondition } from './LocationConditionScreen.tsx';
import { ParamPicker } from './ParamPicker.tsx';
import { TimedCondition, WeatherCondition } from './TimedConditions.tsx';
import { COMPARISONS, ConditionType, conditionKeys } from './text.ts';
import {
  ClockIcon,
  CloudIcon,
  GaugeIcon,
  HandIcon,
  HistoryIcon,
  Segmented,
  ValueInput,
  valueFits,
} from './ui.tsx';

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
          icon={PinIcon}
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
  const back = useBack(automationPaths.tab);
  const { data: device } = useDeviceQuery(deviceId);
  const { draft, patch } = useDraftStore();
  const index = search.get('index') === null ? undefined : Number(search.get('index'));
  const existing = index === undefined ? undefined : draft.conditions[index];
  const profileId = device?.deviceProfileId ?? search.get('deviceProfileId') ?? '';
  const keys = conditionKeys(profileId);
  const [key, setKey] = useState<string | null>(existing?.deviceParameterId ?? keys[0]?.key ?? null);
  const [comparison, setComparison] = useState<number>(existing?.comparisonType ?? 2);
  const [value, setValue] = useState<number | string | null>(
    existing?.value === undefined || existing.value === null ? null : (existing.value as number | string),
  );
  const [error, setError] = useState<string | null>(null);
  const def = keys.find((k) => k.key === key);
  const allowed = comparisonsFor(def);
  const shownComparison = allowed.some((c) => c.value === comparison) ? comparison : 0;

  const submit = () => {
    if (!def) return;
    const v = def.kind === 'boolean' && value === null ? 1 : value;
    if (!valueFits(def, v)) {
      setError(
        t('automation.errors.valueRange', {
          min: formatNumber(def.min ?? 0, i18n.language),
          max: formatNumber(def.max ?? 0, i18n.language),
        }),
      );
      return;
    }
    const condition = {
      conditionType: ConditionType.DeviceParam,
      deviceId,
      deviceParameterId: def.key,
      comparisonType: shownComparison,
      value: v,
    };
    // A device condition and tap to run do not mix: tap to run goes when a device condition comes.
    const kept = draft.conditions
      .map((c, i) => (i === index ? condition : c))
      .filter((c) => c.conditionType !== ConditionType.TapToRun);
    patch({ conditions: index === undefined ? [...kept, condition] : kept });
    back();
  };

  return (
    <StackScreen
      title={device?.label ?? t('automation.condition.title')}
      testId="screen-condition-device"
      footer={
        <Button className="w-full" onClick={submit} disabled={!def} data-testid="condition-save">
          {t('automation.condition.save')}
        </Button>
      }
    >
      <ParamPicker
        title={t('automation.condition.parameter')}
        keys={keys}
        value={key}
        onChange={(k) => {
          setKey(k);
          setValue(null);
          setError(null);
        }}
      />
      {def ? (
        <Section title={t('automation.condition.when')}>
          <div className="space-y-4 px-4 py-4">
            <Segmented<number>
              label={t('automation.condition.comparison')}
              value={shownComparison}
              onChange={setComparison}
              testId="comparison"
              options={allowed.map((c) => ({
                value: c.value,
                label: c.sign,
                testId: `comparison-${c.name}`,
              }))}
            />
            <p className="text-center text-[13px] text-muted" data-testid="comparison-name">
              {t(
                `automation.comparison.${allowed.find((c) => c.value === shownComparison)?.name ?? 'Equal'}`,
              )}
            </p>
            <ValueInput
              def={def}
              value={value}
              onChange={(v) => {
                setValue(v);
                setError(null);
              }}
              error={error}
            />
          </div>
        </Section>
      ) : null}
    </StackScreen>
  );
}
