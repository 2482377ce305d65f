import type { UiField } from '@hestia/catalog';
import type { TelemetryValue } from '@hestia/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceControl } from '../../data/control.ts';
import { useCatalogText } from '../../i18n/catalog-text.ts';
import { num, type Sender } from './sender.ts';

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
