import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import { useCatalogText } from '../../i18n/catalog-text.ts';
import { Switch } from '../../ui/Switch.tsx';
import { FieldLine, type FieldProps, useValueText } from './field-parts.tsx';
import { SliderField } from './SliderField.tsx';
import { num, on } from './sender.ts';

export { FieldLine, type FieldProps, useValueText } from './field-parts.tsx';
export { SliderField } from './SliderField.tsx';

export function ToggleField(props: FieldProps) {
  // A view-only share sees the state, not a switch.
  if (!props.control.mayControl) return <IndicatorField {...props} />;
  return <Toggle {...props} />;
}

function Toggle({ field, control, sender, label }: FieldProps) {
  const text = useCatalogText();
  const title = label ?? text.title(field.title, field.key);
  const checked = on(control.values[field.key]);
  return (
    <FieldLine title={title} testId={`field-${field.key}`}>
      <Switch
        checked={checked}
        busy={sender.busy === field.key}
        disabled={!control.enabled}
        label={title}
        testId={`toggle-${field.key}`}
        onChange={(next) => void sender.run(field.key, [{ Key: field.key, Value: next ? 1 : 0 }])}
      />
    </FieldLine>
  );
}

/** Labelled options as a row of pills (one pressed); the pressed one is what the device reports. */
export function OptionPills({
  name,
  options,
  value,
  labelOf,
  busyValue,
  disabled,
  onPick,
  testId,
}: {
  name: string;
  options: readonly number[];
  value: number | undefined;
  labelOf(v: number): string;
  busyValue?: number | null;
  disabled: boolean;
  onPick(v: number): void;
  testId?: string;
}) {
  return (
    <fieldset
      aria-label={name}
      className="m-0 flex min-w-0 flex-wrap gap-2 border-0 p-0"
      data-testid={testId}
    >
      {options.map((o) => {
        const selected = value === o;
        return (
          <button
            key={o}
            type="button"
            aria-pressed={selected}
            disabled={disabled}
            data-value={o}
            onClick={() => onPick(o)}
            className={`inline-flex h-10 min-w-12 items-center justify-center gap-1.5 rounded-full px-4 text-[14px] font-semibold transition disabled:opacity-50 ${
              selected ? 'bg-accent text-on-accent' : 'bg-surface-2 text-ink ring-1 ring-line'
            }`}
          >
            {busyValue === o ? <Spinner size={14} /> : null}
            {labelOf(o)}
          </button>
        );
      })}
    </fieldset>
  );
}

export function SelectField({ field, control, sender, label }: FieldProps) {
  const text = useCatalogText();
  const title = label ?? text.title(field.title, field.key);
  const [picked, setPicked] = useState<number | null>(null);
  const busy = sender.busy === field.key;
  return (
    <FieldLine title={title} testId={`field-${field.key}`} stacked>
      <OptionPills
        name={title}
        options={field.options ?? []}
        value={num(control.values[field.key])}
        labelOf={(v) => text.option(field.key, v, control.profile?.family)}
        busyValue={busy ? picked : null}
        disabled={!control.enabled}
        testId={`select-${field.key}`}
        onPick={(v) => {
          setPicked(v);
          void sender.run(field.key, [{ Key: field.key, Value: v }]);
        }}
      />
    </FieldLine>
  );
}

export function ButtonField({ field, control, sender, label }: FieldProps) {
  const text = useCatalogText();
  const title = label ?? text.title(field.title, field.key);
  const busy = sender.busy === field.key;
  return (
    <FieldLine title={title} testId={`field-${field.key}`}>
      <button
        type="button"
        disabled={!control.enabled || busy}
        aria-busy={busy || undefined}
        data-testid={`button-${field.key}`}
        onClick={() => void sender.run(field.key, [{ Key: field.key, Value: field.options?.[0] ?? 1 }])}
        className="inline-flex h-10 items-center gap-1.5 rounded-full bg-accent-soft px-4 text-[14px] font-semibold text-accent-text disabled:opacity-50"
      >
        {busy ? <Spinner size={14} /> : null}
        {text.title(field.title, field.key)}
      </button>
    </FieldLine>
  );
}

export function ReadoutField({ field, control, label }: Omit<FieldProps, 'sender'>) {
  const text = useCatalogText();
  const valueText = useValueText();
  const value = control.values[field.key];
  const shown =
    field.options && num(value) !== undefined
      ? text.option(field.key, num(value) ?? 0, control.profile?.family)
      : valueText(value, field.unit, 2);
  return (
    <FieldLine title={label ?? text.title(field.title, field.key)} testId={`field-${field.key}`}>
      <bdi
        className="shrink-0 text-[15px] font-semibold tabular-nums text-ink"
        data-testid={`value-${field.key}`}
      >
        {shown}
      </bdi>
    </FieldLine>
  );
}

export function IndicatorField({ field, control, label }: Omit<FieldProps, 'sender'>) {
  const { t } = useTranslation();
  const text = useCatalogText();
  const active = on(control.values[field.key]);
  return (
    <FieldLine title={label ?? text.title(field.title, field.key)} testId={`field-${field.key}`}>
      <span
        className="inline-flex shrink-0 items-center gap-1.5 text-[14px] font-medium text-muted"
        data-testid={`value-${field.key}`}
        data-on={active}
      >
        <span aria-hidden="true" className={`size-2.5 rounded-full ${active ? 'bg-success' : 'bg-line'}`} />
        {active ? t('device.on') : t('device.off')}
      </span>
    </FieldLine>
  );
}

/** A text value the device keeps (a curtain's name): edit, then save. */
export function TextValueField({ field, control, sender, label }: FieldProps) {
  const { t } = useTranslation();
  const text = useCatalogText();
  const id = useId();
  const reported = String(control.values[field.key] ?? '');
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? reported;
  const busy = sender.busy === field.key;
  const changed = draft !== null && draft.trim() !== reported;
  const title = label ?? text.title(field.title, field.key);
  return (
    <div className="px-4 py-3" data-testid={`field-${field.key}`}>
      <label htmlFor={id} className="mb-1.5 block text-[15px] font-medium text-ink">
        {title}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={value}
          maxLength={32}
          disabled={!control.enabled}
          data-testid={`text-${field.key}`}
          onChange={(e) => setDraft(e.target.value)}
          className="h-11 min-w-0 flex-1 rounded-2xl border border-line bg-surface px-3 text-[16px] text-ink outline-none focus:border-accent disabled:opacity-50"
        />
        <button
          type="button"
          disabled={!control.enabled || !changed || busy || value.trim() === ''}
          data-testid={`save-${field.key}`}
          onClick={() =>
            void sender
              .run(field.key, [{ Key: field.key, Value: value.trim() }])
              .then((ok) => ok && setDraft(null))
          }
          className="inline-flex h-11 shrink-0 items-center gap-1.5 rounded-full bg-accent px-4 text-[14px] font-semibold text-on-accent disabled:opacity-50"
        >
          {busy ? <Spinner size={14} /> : null}
          {t('control.save')}
        </button>
      </div>
    </div>
  );
}

/** The generic renderer's one switch over the catalogue's control kinds. View-only users see values. */
export function Field(props: FieldProps) {
  const { field, control } = props;
  if (!control.mayControl && field.control !== 'readout' && field.control !== 'indicator') {
    if (field.control === 'button') return null;
    return field.control === 'toggle' ? <IndicatorField {...props} /> : <ReadoutField {...props} />;
  }
  switch (field.control) {
    case 'toggle':
      return <ToggleField {...props} />;
    case 'slider':
      return <SliderField {...props} />;
    case 'select':
      return <SelectField {...props} />;
    case 'button':
      return <ButtonField {...props} />;
    case 'readout':
      return <ReadoutField {...props} />;
    case 'indicator':
      return <IndicatorField {...props} />;
    case 'text':
      return <TextValueField {...props} />;
  }
}
