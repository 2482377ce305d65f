import type { UiField } from '@hestia/catalog';
import type { ComponentType } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import type { DeviceControl } from '../../data/control.ts';
import { Row } from '../../ui/Row.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { num, type Sender } from './sender.ts';

export interface ModeOption {
  value: number;
  title: string;
  hint?: string;
}

/**
 * A mode row and its picker (spec section 2, select-mode): the row shows the mode the appliance
 * reports; the sheet lists every mode with what it does, sends the pick and closes once the device
 * said OK. A view-only share sees the row as text, with no sheet.
 */
export function ModePicker({
  icon,
  title,
  keyName,
  options,
  control,
  sender,
  testId,
}: {
  icon?: ComponentType<{ size?: number }>;
  title: string;
  keyName: string;
  options: readonly ModeOption[];
  control: DeviceControl;
  sender: Sender;
  testId: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<number | null>(null);
  const value = num(control.values[keyName]);
  const current = options.find((o) => o.value === value);
  const busy = sender.busy === keyName;
  return (
    <>
      <Row
        icon={icon}
        title={title}
        subtitle={
          <>
            <span className="font-semibold text-ink" data-testid={`${testId}-value`} data-value={value ?? ''}>
              {current?.title ?? t('control.noValue')}
            </span>
            {current?.hint ? <span> · {current.hint}</span> : null}
          </>
        }
        trailing={busy ? <Spinner size={16} className="shrink-0 text-muted" /> : undefined}
        onClick={control.mayControl ? () => setOpen(true) : undefined}
        disabled={control.mayControl && !control.enabled}
        testId={testId}
      />
      {control.mayControl ? (
        <Sheet open={open} onClose={() => setOpen(false)} title={title} testId={`${testId}-picker`}>
          <fieldset aria-label={title} className="m-0 min-w-0 space-y-2 border-0 p-0 pb-4">
            {options.map((o) => (
              <button
                key={o.value}
                type="button"
                aria-pressed={value === o.value}
                disabled={!control.enabled || busy}
                data-value={o.value}
                onClick={() => {
                  setPicked(o.value);
                  void sender
                    .run(keyName, [{ Key: keyName, Value: o.value }])
                    .then((ok) => ok && setOpen(false));
                }}
                className={`flex w-full items-center gap-3 rounded-2xl px-4 py-3 text-start ring-1 transition disabled:opacity-50 ${
                  value === o.value ? 'bg-accent-soft ring-accent' : 'bg-surface-2 ring-line'
                }`}
              >
                <span className="min-w-0 flex-1">
                  <span className="block text-[15px] font-semibold text-ink">{o.title}</span>
                  {o.hint ? <span className="block text-[13px] text-muted">{o.hint}</span> : null}
                </span>
                {busy && picked === o.value ? <Spinner size={16} /> : null}
                <span
                  aria-hidden="true"
                  className={`size-5 shrink-0 rounded-full border-2 ${
                    value === o.value ? 'border-accent bg-accent' : 'border-line'
                  }`}
                />
              </button>
            ))}
          </fieldset>
        </Sheet>
      ) : null}
    </>
  );
}

/** A value kept whole inside a sentence of the other direction ("°C" stays after its number in Persian). */
export const isolate = (text: string) => `\u2068${text}\u2069`;

/** A catalogue field with its range narrowed (a boiler's reported heating limits). */
export const narrowed = (field: UiField, range: { min: number; max: number }): UiField => ({
  ...field,
  min: range.min,
  max: range.max,
});
