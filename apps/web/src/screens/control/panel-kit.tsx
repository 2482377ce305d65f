import type { ComponentType, ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import type { DeviceControl } from '../../data/control.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { Row } from '../../ui/Row.tsx';
import { OptionPills } from './fields.tsx';

/** The big state at the top of a sensor, lock or vacuum panel. */
export function StatusHero({
  icon: Icon,
  title,
  detail,
  tone = 'quiet',
  testId,
  state,
}: {
  icon: ComponentType<{ size?: number }>;
  title: ReactNode;
  detail?: ReactNode;
  tone?: 'active' | 'alert' | 'quiet';
  testId?: string;
  state?: string | number;
}) {
  const ring =
    tone === 'alert'
      ? 'bg-danger-soft text-danger'
      : tone === 'active'
        ? 'bg-accent text-on-accent'
        : 'bg-surface-2 text-muted';
  return (
    <div
      data-testid={testId}
      data-state={state}
      className="mb-6 flex items-center gap-4 rounded-3xl bg-surface p-5 shadow-card ring-1 ring-line/60"
    >
      <span className={`grid size-16 shrink-0 place-items-center rounded-full transition-colors ${ring}`}>
        <Icon size={32} />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-xl font-semibold text-ink" aria-live="polite">
          {title}
        </span>
        {detail ? <span className="mt-0.5 block text-[14px] text-muted">{detail}</span> : null}
      </span>
    </div>
  );
}

/**
 * A row that shows a setting's value and opens a picker of its allowed values (the spec's picker
 * screens, such as pir-sensor-sensitivity and pir-sensor-delay). Picking sends at once.
 */
export function PickerRow({
  icon,
  title,
  keyName,
  value,
  options,
  labelOf,
  control,
  testId,
}: {
  icon?: ComponentType<{ size?: number }>;
  title: string;
  keyName: string;
  value: number | undefined;
  options: readonly number[];
  labelOf(v: number): string;
  control: DeviceControl;
  testId: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  return (
    <>
      <Row
        icon={icon}
        title={title}
        trailing={
          <span
            className="flex items-center gap-2 text-[15px] font-semibold text-ink"
            data-testid={`${testId}-value`}
          >
            {busy !== null ? <Spinner size={14} className="text-muted" /> : null}
            {value === undefined ? '—' : labelOf(value)}
          </span>
        }
        onClick={control.mayControl ? () => setOpen(true) : undefined}
        disabled={control.mayControl && !control.enabled}
        testId={testId}
      />
      <Dialog open={open} onClose={() => setOpen(false)} title={title} testId={`${testId}-picker`}>
        <div className="pb-4">
          <OptionPills
            name={title}
            options={options}
            value={value}
            labelOf={labelOf}
            busyValue={busy}
            disabled={!control.enabled || busy !== null}
            testId={`${testId}-options`}
            onPick={(v) => {
              setBusy(v);
              void control.send([{ Key: keyName, Value: v }]).then((ok) => {
                setBusy(null);
                if (ok) setOpen(false);
              });
            }}
          />
          <p className="mt-3 text-[13px] text-muted">{t('devicePanels.pickerHint')}</p>
        </div>
      </Dialog>
    </>
  );
}

/** "Battery 90%" when the model reports it. */
export function useBatteryText() {
  const { t, i18n } = useTranslation();
  return (v: number | undefined) =>
    v === undefined
      ? undefined
      : t('devicePanels.battery', { value: new Intl.NumberFormat(i18n.language).format(v) });
}
