import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  emptySchedule,
  REPEAT,
  type ScheduleValue,
  scheduleOf,
  scheduleProblem,
  WEATHER_KEYS,
  weatherKeyOf,
} from './condition-meta.ts';
import { EditorScreen, FormSection, useConditionEditor, useKeyValue } from './EditorParts.tsx';
import { ParamPicker } from './ParamPicker.tsx';
import { ScheduleFields } from './ScheduleFields.tsx';
import { COMPARISONS, ConditionType } from './text.ts';
import { ComparisonPicker, ValueInput, valueFits, valueRangeText } from './ValueInput.tsx';

/** condition-screen for a Schedule (a time and a repeat) or a Timer (every N minutes) condition. */
export function TimedCondition({ kind }: { kind: 'schedule' | 'timer' }) {
  const { t } = useTranslation();
  const editor = useConditionEditor();
  const existing = scheduleOf(editor.existing);
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
    editor.save({
      conditionType: kind === 'timer' ? ConditionType.Timer : ConditionType.Schedule,
      metadata: { schedule },
    });
  };
  return (
    <EditorScreen
      kind="condition"
      title={
        kind === 'timer' ? t('automation.condition.types.timer') : t('automation.condition.types.schedule')
      }
      testId="screen-condition-timed"
      onSave={submit}
      error={error}
    >
      <FormSection hint={t('automation.schedule.zoneHint')}>
        <ScheduleFields
          value={value}
          onChange={(v) => {
            setValue(v);
            setError(null);
          }}
          timerOnly={kind === 'timer'}
        />
      </FormSection>
    </EditorScreen>
  );
}

/** condition-screen for a Weather condition: a reading, a comparison and a value. */
export function WeatherCondition() {
  const { t } = useTranslation();
  const { existing, save } = useConditionEditor();
  const { key, def, value, error, setError, pickKey, changeValue } = useKeyValue(
    WEATHER_KEYS,
    (existing && weatherKeyOf(existing)) ?? 'temperature',
    typeof existing?.value === 'number' ? existing.value : null,
  );
  const [comparison, setComparison] = useState<number>(existing?.comparisonType ?? 2);
  const submit = () => {
    if (!def) return;
    if (!valueFits(def, value)) {
      setError(valueRangeText(def, t));
      return;
    }
    save({
      conditionType: ConditionType.Weather,
      deviceParameterId: def.key,
      comparisonType: comparison,
      value,
      metadata: { key: def.key },
    });
  };
  return (
    <EditorScreen
      kind="condition"
      title={t('automation.condition.types.weather')}
      testId="screen-condition-weather"
      onSave={submit}
    >
      <ParamPicker
        title={t('automation.condition.parameter')}
        keys={WEATHER_KEYS}
        value={key}
        onChange={pickKey}
        titleOf={(k) => t(`automation.weather.${k as 'temperature'}`)}
      />
      {def ? (
        <FormSection
          title={t('automation.condition.when')}
          hint={t('automation.weather.hint')}
          className="space-y-4"
        >
          <ComparisonPicker comparisons={COMPARISONS} value={comparison} onChange={setComparison} />
          <ValueInput def={def} value={value} onChange={changeValue} error={error} />
        </FormSection>
      ) : null}
    </EditorScreen>
  );
}
