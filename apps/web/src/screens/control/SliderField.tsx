import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import { useCatalogText } from '../../i18n/catalog-text.ts';
import { Slider } from '../../ui/Slider.tsx';
import { StepButton } from '../../ui/Stepper.tsx';
import { type FieldProps, useValueText } from './field-parts.tsx';
import { num } from './sender.ts';

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
const snap = (v: number, min: number, step: number) =>
  Math.round((Math.round((v - min) / step) * step + min) * 1000) / 1000;

/**
 * A slider with −/+ steps. Dragging only moves the thumb; the value is sent when the thumb is let go
 * (or a key moves it), and each step button sends at once.
 */
export function SliderField({ field, control, sender, label, valueKey }: FieldProps) {
  const { t } = useTranslation();
  const text = useCatalogText();
  const valueText = useValueText();
  const id = useId();
  const min = field.min ?? 0;
  const max = field.max ?? 100;
  const step = field.step ?? 1;
  const reported = num(control.values[valueKey ?? field.key]);
  const [draft, setDraft] = useState<number | null>(null);
  const shown = draft ?? reported ?? min;
  const title = label ?? text.title(field.title, field.key);
  const busy = sender.busy === field.key;
  const disabled = !control.enabled || busy;
  const digits = step < 1 ? 1 : 0;

  const commit = (v: number) => {
    const value = clamp(snap(v, min, step), min, max);
    setDraft(value);
    void sender.run(field.key, [{ Key: field.key, Value: value }]).finally(() => setDraft(null));
  };
  const stepBy = (dir: 1 | -1) => commit(shown + dir * step);

  return (
    <div className="px-4 py-3" data-testid={`field-${field.key}`}>
      <div className="flex items-baseline justify-between gap-3">
        <span id={id} className="min-w-0 truncate text-[15px] font-medium text-ink">
          {title}
        </span>
        <span className="inline-flex items-center gap-1.5 text-[15px] font-semibold tabular-nums text-ink">
          {busy ? <Spinner size={14} className="text-accent-text" /> : null}
          <bdi data-testid={`value-${field.key}`}>{valueText(shown, field.unit, digits)}</bdi>
        </span>
      </div>
      <div className="mt-2 flex items-center gap-2">
        <StepButton
          dir={-1}
          label={t('control.decrease', { name: title })}
          disabled={disabled || shown <= min}
          onPress={() => stepBy(-1)}
        />
        <Slider
          label={title}
          labelId={id}
          value={shown}
          min={min}
          max={max}
          step={step}
          disabled={disabled}
          testId={`slider-${field.key}`}
          valueText={(v) => valueText(v, field.unit, digits)}
          onChange={setDraft}
          onChangeEnd={commit}
        />
        <StepButton
          dir={1}
          label={t('control.increase', { name: title })}
          disabled={disabled || shown >= max}
          onPress={() => stepBy(1)}
        />
      </div>
      <div className="mt-1 flex justify-between px-11 text-[12px] text-muted tabular-nums">
        <bdi>{valueText(min, field.unit, digits)}</bdi>
        <bdi>{valueText(max, field.unit, digits)}</bdi>
      </div>
    </div>
  );
}
