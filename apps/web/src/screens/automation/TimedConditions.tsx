import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, Section, StackScreen, useBack } from '../../components/home-ui.tsx';
import { automationPaths } from '../../routes/automation-paths.ts';
import {
  emptySchedule,
  REPEAT,
  type ScheduleValue,
  scheduleOf,
  scheduleProblem,
  WEATHER_KEYS,
  weatherKeyOf,
} from './condition-meta.ts';
import type { DraftCondition } from './draft-store.ts';
import { useDraftStore } from './draft-store.ts';
import { ParamPicker } from './ParamPicker.tsx';
import { ScheduleFields } from './ScheduleFields.tsx';
import { COMPARISONS, ConditionType } from './text.ts';
import { Segmented, ValueInput, valueFits } from './ui.tsx';

/** condition-screen for a Schedule (a time and a repeat) or a Timer (every N minutes) condition. */
export function TimedCondition({ kind }: { kind: 'schedule' | 'timer' }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const back = useBack(automationPaths.tab);
  const { draft, patch } = useDraftStore();
  const index = search.get('index') === null ? undefined : Number(search.get('index'));
  const existing = scheduleOf(index === undefined ? undefined : draft.conditions[index]);
  const [value, setValue] = useState<ScheduleValue>(
    existing ?? (kind === 'timer' ? { ...emptySchedule(), repeatType: REPEAT.Timer } : emptySchedule()),
  );
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const problem = scheduleProblem(value);
    if (problem) {
      setError(t(`automation.schedule.${problem}`));
      return;
    }
    const schedule =
      value.repeatType === REPEAT.Timer
        ? { repeatType: REPEAT.Timer, startDateTime: Date.now(), timerInterval: value.timerInterval }
        : {
            repeatType: value.repeatType,
            startDateTime: Date.now(),
            time: value.time,
            dayOfWeeks: value.dayOfWeeks,
          };
    const condition: DraftCondition = {
      conditionType: kind === 'timer' ? ConditionType.Timer : ConditionType.Schedule,
      metadata: { schedule },
    };
    const kept = draft.conditions
      .map((c, i) => (i === index ? condition : c))
      .filter((c) => c.conditionType !== ConditionType.TapToRun);
    patch({ conditions: index === undefined ? [...kept, condition] : kept });
    back();
  };
  return (
    <StackScreen
      title={
        kind === 'timer' ? t('automation.condition.types.timer') : t('automation.condition.types.schedule')
      }
      testId="screen-condition-timed"
      footer={
        <Button className="w-full" onClick={submit} data-testid="condition-save">
          {t('automation.condition.save')}
        </Button>
      }
    >
      <Section hint={t('automation.schedule.zoneHint')}>
        <div className="px-4 py-4">
          <ScheduleFields
            value={value}
            onChange={(v) => {
              setValue(v);
              setError(null);
            }}
            timerOnly={kind === 'timer'}
          />
        </div>
      </Section>
      {error ? (
        <p role="alert" className="rounded-2xl bg-danger-soft px-4 py-3 text-[14px] text-danger">
          {error}
        </p>
      ) : null}
    </StackScreen>
  );
}

/** condition-screen for a Weather condition: a reading, a comparison and a value. */
export function WeatherCondition() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const back = useBack(automationPaths.tab);
  const { draft, patch } = useDraftStore();
  const index = search.get('index') === null ? undefined : Number(search.get('index'));
  const existing = index === undefined ? undefined : draft.conditions[index];
  const [key, setKey] = useState<string | null>((existing && weatherKeyOf(existing)) ?? 'temperature');
  const [comparison, setComparison] = useState<number>(existing?.comparisonType ?? 2);
  const [value, setValue] = useState<number | string | null>(
    typeof existing?.value === 'number' ? existing.value : null,
  );
  const [error, setError] = useState<string | null>(null);
  const def = WEATHER_KEYS.find((k) => k.key === key);
  const submit = () => {
    if (!def) return;
    if (!valueFits(def, value)) {
      setError(t('automation.errors.valueRange', { min: def.min ?? 0, max: def.max ?? 0 }));
      return;
    }
    const condition: DraftCondition = {
      conditionType: ConditionType.Weather,
      deviceParameterId: def.key,
      comparisonType: comparison,
      value,
      metadata: { key: def.key },
    };
    const kept = draft.conditions
      .map((c, i) => (i === index ? condition : c))
      .filter((c) => c.conditionType !== ConditionType.TapToRun);
    patch({ conditions: index === undefined ? [...kept, condition] : kept });
    back();
  };
  return (
    <StackScreen
      title={t('automation.condition.types.weather')}
      testId="screen-condition-weather"
      footer={
        <Button className="w-full" onClick={submit} data-testid="condition-save">
          {t('automation.condition.save')}
        </Button>
      }
    >
      <ParamPicker
        title={t('automation.condition.parameter')}
        keys={WEATHER_KEYS}
        value={key}
        onChange={(k) => {
          setKey(k);
          setValue(null);
          setError(null);
        }}
        titleOf={(k) => t(`automation.weather.${k as 'temperature'}`)}
      />
      {def ? (
        <Section title={t('automation.condition.when')} hint={t('automation.weather.hint')}>
          <div className="space-y-4 px-4 py-4">
            <Segmented<number>
              label={t('automation.condition.comparison')}
              value={comparison}
              onChange={setComparison}
              options={COMPARISONS.map((c) => ({
                value: c.value,
                label: c.sign,
                testId: `comparison-${c.name}`,
              }))}
            />
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
