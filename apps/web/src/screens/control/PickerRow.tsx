import type { ComponentType } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import type { DeviceControl } from '../../data/control.ts';
import { Row } from '../../ui/Row.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { OptionPills } from './fields.tsx';

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
      <Sheet open={open} onClose={() => setOpen(false)} title={title} testId={`${testId}-picker`}>
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
      </Sheet>
    </>
  );
}
