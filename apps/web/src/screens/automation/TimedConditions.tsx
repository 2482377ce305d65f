import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  emptySchedule,
  REPEAT,
  type ScheduleValue,
  scheduleOf,
  WEATHER_KEYS,
  weatherKeyOf,
} from './condition-meta.ts';
import {
  EditorScreen,
  FormSection,
  focusGroup,
  useConditionEditor,
  useFollowErrors,
} from './EditorParts.tsx';
import { rejectedText } from './FieldProblem.tsx';
import { KeyPickerField } from './ParamPicker.tsx';
import { ScheduleFields, useScheduleFieldProps } from './ScheduleFields.tsx';
import {
  type KeyValueForm,
  keyIn,
  timedConditionOf,
  timedConditionResolver,
  weatherConditionOf,
  weatherConditionResolver,
} from './sub-forms.ts';
import { COMPARISONS } from './text.ts';
import { ComparisonPicker, ValueInput, valueProblemText } from './ValueInput.tsx';

/** condition-screen for a Schedule (a time and a repeat) or a Timer (every N minutes) condition. */
export function TimedCondition({ kind }: { kind: 'schedule' | 'timer' }) {
  const { t } = useTranslation();
  const editor = useConditionEditor();
  const existing = scheduleOf(editor.existing);
  // On react-hook-form: the spec's schedule rules and the contract's conditionBodySchema (sub-forms.ts).
  const resolver = useMemo(() => timedConditionResolver(kind, Date.now), [kind]);
  const form = useForm<ScheduleValue>({
    defaultValues:
      existing ?? (kind === 'timer' ? { ...emptySchedule(), repeatType: REPEAT.Timer } : emptySchedule()),
    resolver,
  });
  useFollowErrors(form);
  const fields = useScheduleFieldProps(form);
  const submit = form.handleSubmit((checked) => editor.save(timedConditionOf(kind, checked, Date.now())));
  return (
    <EditorScreen
      kind="condition"
      title={
        kind === 'timer' ? t('automation.condition.types.timer') : t('automation.condition.types.schedule')
      }
      testId="screen-condition-timed"
      onSave={() => void submit()}
    >
      <FormSection hint={t('automation.schedule.zoneHint')}>
        <ScheduleFields {...fields} timerOnly={kind === 'timer'} />
      </FormSection>
    </EditorScreen>
  );
}

/** condition-screen for a Weather condition: a reading, a comparison and a value. */
export function WeatherCondition() {
  const { t } = useTranslation();
  const { existing, save } = useConditionEditor();
  // On react-hook-form: the reading's range and the contract's conditionBodySchema (sub-forms.ts).
  const resolver = useMemo(() => weatherConditionResolver(WEATHER_KEYS), []);
  const form = useForm<KeyValueForm>({
    defaultValues: {
      key: (existing && weatherKeyOf(existing)) ?? 'temperature',
      value: typeof existing?.value === 'number' ? existing.value : null,
      comparison: existing?.comparisonType ?? 2,
    },
    resolver,
  });
  useFollowErrors(form);
  const def = keyIn(WEATHER_KEYS, form.watch('key'));
  const submit = form.handleSubmit((values) => {
    const chosen = keyIn(WEATHER_KEYS, values.key);
    if (chosen) save(weatherConditionOf(chosen, values));
  });
  return (
    <EditorScreen
      kind="condition"
      title={t('automation.condition.types.weather')}
      testId="screen-condition-weather"
      onSave={() => void submit()}
    >
      <Controller
        control={form.control}
        name="key"
        render={({ field, fieldState }) => (
          <KeyPickerField
            field={field}
            problem={rejectedText(fieldState.error?.message, t)}
            onPick={() => form.setValue('value', null)}
            title={t('automation.condition.parameter')}
            keys={WEATHER_KEYS}
            titleOf={(k) => t(`automation.weather.${k as 'temperature'}`)}
          />
        )}
      />
      {def ? (
        <FormSection
          title={t('automation.condition.when')}
          hint={t('automation.weather.hint')}
          className="space-y-4"
        >
          <Controller
            control={form.control}
            name="comparison"
            render={({ field }) => (
              <div ref={focusGroup(field.ref)}>
                <ComparisonPicker comparisons={COMPARISONS} value={field.value} onChange={field.onChange} />
              </div>
            )}
          />
          <Controller
            control={form.control}
            name="value"
            render={({ field, fieldState }) => (
              <div ref={focusGroup(field.ref)}>
                <ValueInput
                  def={def}
                  value={field.value}
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
