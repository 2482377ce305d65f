import type { KeyDef, UiField } from '@hestia/catalog';
import type { KeyValue, TelemetryValue } from '@hestia/contract';
import CloudOffIcon from 'lucide-react/icons/cloud-off';
import EyeIcon from 'lucide-react/icons/eye';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import type { DeviceControl } from '../../data/control.ts';
import { Switch } from '../../ui/Switch.tsx';
import { OptionPills, SliderField } from '../control/fields.tsx';

/** A telemetry value as a number (the socket sends numeric text); undefined when absent or not numeric. */
export function num(v: TelemetryValue | undefined): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'boolean') return Number(v);
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

/** Why the controls below are not usable: the device is offline, or the share is view-only. */
export function AccessNotice({ mayControl, online }: { mayControl: boolean; online: boolean }) {
  const { t } = useTranslation();
  if (!mayControl)
    return (
      <p
        data-testid="view-only-notice"
        className="mb-4 flex items-center gap-2 rounded-2xl bg-accent-soft px-4 py-3 text-[14px] text-accent-text"
      >
        <EyeIcon size={18} className="shrink-0" />
        {t('deviceSettings.viewOnly')}
      </p>
    );
  if (!online)
    return (
      <p
        data-testid="offline-notice"
        role="status"
        className="mb-4 flex items-center gap-2 rounded-2xl bg-danger-soft px-4 py-3 text-[14px] text-danger"
      >
        <CloudOffIcon size={18} className="shrink-0" />
        {t('errors.DEVICE_OFFLINE')}
      </p>
    );
  return null;
}

interface ToggleRowProps {
  title: string;
  subtitle?: ReactNode;
  checked: boolean | undefined;
  disabled?: boolean;
  busy?: boolean;
  onChange(next: boolean): void;
  testId?: string;
}

/** A row with the app's on/off switch; the position is what the device last reported. */
export function ToggleRow({ title, subtitle, checked, disabled, busy, onChange, testId }: ToggleRowProps) {
  return (
    <div className="flex min-h-14 items-center gap-3 px-4 py-2.5">
      <span className="min-w-0 flex-1">
        <span className="block text-[15px] font-medium text-ink">
          <bdi>{title}</bdi>
        </span>
        {subtitle ? <span className="mt-0.5 block text-[13px] text-muted">{subtitle}</span> : null}
      </span>
      <Switch
        checked={checked === true}
        busy={!!busy}
        disabled={!!disabled || checked === undefined}
        label={title}
        onChange={onChange}
        testId={testId}
      />
    </div>
  );
}

/**
 * A catalogue number as the app's slider (the control screens' `SliderField`): sends on release or
 * on a −/+ step, through `run` (the device write, or a setting route).
 */
export function SettingSlider({
  def,
  title,
  control,
  enabled = control.enabled,
  busy,
  run,
}: {
  def: Pick<KeyDef, 'key' | 'title' | 'unit' | 'min' | 'max' | 'step'>;
  title: string;
  control: DeviceControl;
  enabled?: boolean;
  busy: string | null;
  run(id: string, pairs: KeyValue[]): Promise<boolean>;
}) {
  const field: UiField = {
    key: def.key,
    control: 'slider',
    title: def.title,
    group: 'settings',
    ...(def.unit ? { unit: def.unit } : {}),
    ...(def.min !== undefined ? { min: def.min } : {}),
    ...(def.max !== undefined ? { max: def.max } : {}),
    ...(def.step !== undefined ? { step: def.step } : {}),
  };
  return <SliderField field={field} control={{ ...control, enabled }} sender={{ busy, run }} label={title} />;
}

interface ChoiceRowProps<V extends number> {
  title: ReactNode;
  /** The group's accessible name when the title is not plain text. */
  name?: string;
  value: number | undefined;
  options: readonly { value: V; label: string }[];
  disabled?: boolean;
  busy?: boolean;
  onChange(next: V): void;
  testId?: string;
}

/** A segmented choice among a few labelled values; the selected one is what the device reports. */
export function ChoiceRow<V extends number>({
  title,
  name,
  value,
  options,
  disabled,
  busy,
  onChange,
  testId,
}: ChoiceRowProps<V>) {
  const id = useId();
  return (
    <div className="px-4 py-3" data-testid={testId} data-value={value}>
      <div className="mb-2 flex items-center gap-2">
        <span id={id} className="min-w-0 flex-1 text-[15px] font-medium text-ink">
          {title}
        </span>
        {busy ? <Spinner size={16} className="text-muted" /> : null}
      </div>
      <OptionPills
        name={name ?? (typeof title === 'string' ? title : '')}
        options={options.map((o) => o.value)}
        value={value}
        labelOf={(v) => options.find((o) => o.value === v)?.label ?? String(v)}
        disabled={!!disabled}
        onPick={(v) => onChange(v as V)}
        testId={testId && `${testId}-options`}
      />
    </div>
  );
}

/** A label and a value, side by side. */
export function ValueRow({ label, value, testId }: { label: ReactNode; value: ReactNode; testId?: string }) {
  return (
    <div className="flex min-h-12 items-center justify-between gap-4 px-4 py-3">
      <span className="text-[14px] text-muted">{label}</span>
      <span className="min-w-0 text-end text-[15px] font-medium break-all" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}
