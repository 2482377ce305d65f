import type { UiField } from '@hestia/catalog';
import type { TelemetryValue } from '@hestia/contract';
import MinusIcon from 'lucide-react/icons/minus';
import PlusIcon from 'lucide-react/icons/plus';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import type { DeviceControl } from '../../data/control.ts';
import { useCatalogText } from '../../i18n/catalog-text.ts';
import { Switch } from '../../ui/Switch.tsx';
import { num, on, type Sender } from './sender.ts';

export interface FieldProps {
  field: UiField;
  control: DeviceControl;
  sender: Sender;
  /** Overrides the catalogue title (a user's key name, a curtain's name). */
  label?: string;
  /** Where the current value is read when the key itself is write-only (a curtain's position). */
  valueKey?: string;
}

/** One line of a control card: title (and a hint) at the start, the control at the end. */
export function FieldLine({
  title,
  hint,
  children,
  testId,
  stacked = false,
}: {
  title: ReactNode;
  hint?: ReactNode;
  children?: ReactNode;
  testId?: string;
  /** Put the control under the title (sliders, option lists). */
  stacked?: boolean;
}) {
  return (
    <div
      data-testid={testId}
      className={`px-4 py-3 ${stacked ? 'flex flex-col gap-2.5' : 'flex min-h-14 items-center gap-3'}`}
    >
      <div className="min-w-0 flex-1">
        <p className="truncate text-[15px] font-medium text-ink">{title}</p>
        {hint ? <p className="mt-0.5 text-[13px] leading-snug text-muted">{hint}</p> : null}
      </div>
      {children}
    </div>
  );
}

/** A value with its unit, for readouts and slider heads. */
export function useValueText() {
  const text = useCatalogText();
  const { t } = useTranslation();
  return (value: TelemetryValue | undefined, unit?: string, digits = 1) => {
    const n = num(value);
    if (n === undefined) {
      return value === undefined || value === null || value === '' ? t('control.noValue') : String(value);
    }
    return unit ? t('control.withUnit', { value: text.number(n, digits), unit }) : text.number(n, digits);
  };
}

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

/** The slider's thumb, drawn the same in Chromium, WebKit and Firefox. */
const THUMB =
  '[&::-webkit-slider-thumb]:size-6 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:bg-white [&::-webkit-slider-thumb]:shadow-md [&::-webkit-slider-thumb]:ring-2 [&::-webkit-slider-thumb]:ring-accent [&::-moz-range-thumb]:size-6 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-0 [&::-moz-range-thumb]:bg-white [&::-moz-range-thumb]:shadow-md';

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v));
const snap = (v: number, min: number, step: number) =>
  Math.round((Math.round((v - min) / step) * step + min) * 1000) / 1000;

/**
 * A slider with −/+ steps. Dragging only moves the thumb; the value is sent on release (the native
 * change event), and each step button sends at once.
 */
export function SliderField({ field, control, sender, label, valueKey }: FieldProps) {
  const { t } = useTranslation();
  const text = useCatalogText();
  const valueText = useValueText();
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
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

  const commitRef = useRef<(v: number) => void>(() => {});
  commitRef.current = (v: number) => {
    const value = clamp(snap(v, min, step), min, max);
    void sender.run(field.key, [{ Key: field.key, Value: value }]).finally(() => setDraft(null));
  };
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onCommit = () => commitRef.current(Number(el.value));
    el.addEventListener('change', onCommit);
    return () => el.removeEventListener('change', onCommit);
  }, []);

  const stepBy = (dir: 1 | -1) => {
    const next = clamp(snap(shown + dir * step, min, step), min, max);
    setDraft(next);
    commitRef.current(next);
  };

  return (
    <div className="px-4 py-3" data-testid={`field-${field.key}`}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="min-w-0 truncate text-[15px] font-medium text-ink">
          {title}
        </label>
        <span className="inline-flex items-center gap-1.5 text-[15px] font-semibold tabular-nums text-ink">
          {busy ? <Spinner size={14} className="text-accent-text" /> : null}
          <bdi data-testid={`value-${field.key}`}>{valueText(shown, field.unit, digits)}</bdi>
        </span>
      </div>
      <div className="mt-2 flex items-center gap-2">
        <button
          type="button"
          onClick={() => stepBy(-1)}
          disabled={disabled || shown <= min}
          aria-label={t('control.decrease', { name: title })}
          className="grid size-9 shrink-0 place-items-center rounded-full bg-surface-2 text-ink disabled:opacity-40"
        >
          <MinusIcon size={18} />
        </button>
        <div className={`relative h-8 min-w-0 flex-1 ${disabled ? 'opacity-50' : ''}`}>
          {/* The track and its filled share, from the start side (right in fa and ar, as the thumb goes). */}
          <div className="pointer-events-none absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 overflow-hidden rounded-full bg-surface-2 ring-1 ring-line/70">
            <div
              className="absolute inset-y-0 start-0 rounded-full bg-accent"
              style={{ width: `${max > min ? ((clamp(shown, min, max) - min) / (max - min)) * 100 : 0}%` }}
            />
          </div>
          <input
            ref={ref}
            id={id}
            type="range"
            min={min}
            max={max}
            step={step}
            value={shown}
            disabled={disabled}
            data-testid={`slider-${field.key}`}
            aria-valuetext={valueText(shown, field.unit, digits)}
            onChange={(e) => setDraft(Number(e.target.value))}
            className={`${THUMB} absolute inset-0 m-0 h-8 w-full cursor-pointer appearance-none bg-transparent disabled:cursor-not-allowed`}
          />
        </div>
        <button
          type="button"
          onClick={() => stepBy(1)}
          disabled={disabled || shown >= max}
          aria-label={t('control.increase', { name: title })}
          className="grid size-9 shrink-0 place-items-center rounded-full bg-surface-2 text-ink disabled:opacity-40"
        >
          <PlusIcon size={18} />
        </button>
      </div>
      <div className="mt-1 flex justify-between px-11 text-[12px] text-muted tabular-nums">
        <bdi>{valueText(min, field.unit, digits)}</bdi>
        <bdi>{valueText(max, field.unit, digits)}</bdi>
      </div>
    </div>
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
        labelOf={(v) => text.option(field.key, v)}
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
      ? text.option(field.key, num(value) ?? 0)
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
