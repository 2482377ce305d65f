import { keyOf } from '@hestia/catalog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import type { DeviceControl } from '../../data/control.ts';
import { useCatalogText } from '../../i18n/catalog-text.ts';
import { Button } from '../../ui/Button.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { OptionPills } from './fields.tsx';
import { num, on, type Sender } from './sender.ts';

/** Choices of the voltage limit picker, every 5 V inside the catalogue's range. */
const VOLT_STEP = 5;

const range = (min: number, max: number, step: number) =>
  Array.from({ length: Math.floor((max - min) / step) + 1 }, (_, i) => min + i * step);

/** A plug picker: a sheet over the panel that sends each pick through the panel's sender. */
interface PickerProps {
  control: DeviceControl;
  sender: Sender;
  open: boolean;
  onClose(): void;
}

/** The voltage limit picker (spec section 2): the over- and under-voltage limits, in 5 V steps. */
export function VoltageLimitPicker({ control, sender, open, onClose }: PickerProps) {
  const { t } = useTranslation();
  const text = useCatalogText();
  const profile = control.profile;
  const [picked, setPicked] = useState<number | null>(null);
  if (!profile) return null;
  const limits = (['over_voltage_limit', 'under_voltage_limit'] as const).flatMap((key) => {
    const k = keyOf(profile, key);
    return k?.min !== undefined && k.max !== undefined
      ? [{ key, min: k.min, max: k.max, title: k.title }]
      : [];
  });
  return (
    <Sheet
      open={open}
      onClose={onClose}
      title={t('control.plug.voltageLimit')}
      testId="voltage-limit-picker"
      actions={
        <Button variant="secondary" className="w-full" onClick={onClose}>
          {t('control.done')}
        </Button>
      }
    >
      {limits.map((l) => (
        <div key={l.key} className="mb-4" data-testid={`pick-${l.key}`}>
          <p className="mb-2 text-[14px] font-semibold text-ink">{text.title(l.title, l.key)}</p>
          <OptionPills
            name={text.title(l.title, l.key)}
            options={range(l.min, l.max, VOLT_STEP)}
            value={num(control.values[l.key])}
            labelOf={(v) => t('control.withUnit', { value: text.number(v, 0), unit: 'V' })}
            busyValue={sender.busy === l.key ? picked : null}
            disabled={!control.enabled}
            onPick={(v) => {
              setPicked(v);
              void sender.run(l.key, [{ Key: l.key, Value: v }]);
            }}
          />
        </div>
      ))}
    </Sheet>
  );
}

/** The plug mode picker (spec section 2): a plain socket, or a room thermostat driving the load. */
export function PlugModePicker({ control, sender, open, onClose }: PickerProps) {
  const { t } = useTranslation();
  const mode = on(control.values.room_thermostat_mode) ? 1 : 0;
  const busy = sender.busy === 'room_thermostat_mode';
  const options = [
    [0, t('control.plug.modeSocket'), t('control.plug.modeSocketHint')],
    [1, t('control.plug.modeThermostat'), t('control.plug.modeThermostatHint')],
  ] as const;
  return (
    <Sheet open={open} onClose={onClose} title={t('control.plug.mode')} testId="plug-mode-picker">
      <fieldset aria-label={t('control.plug.mode')} className="m-0 min-w-0 space-y-2 border-0 p-0">
        {options.map(([value, title, hint]) => (
          <button
            key={value}
            type="button"
            aria-pressed={mode === value}
            disabled={!control.enabled}
            data-value={value}
            onClick={() =>
              void sender
                .run('room_thermostat_mode', [{ Key: 'room_thermostat_mode', Value: value }])
                .then((ok) => ok && onClose())
            }
            className={`flex w-full items-center gap-3 rounded-2xl px-4 py-3 text-start ring-1 transition disabled:opacity-50 ${
              mode === value ? 'bg-accent-soft ring-accent' : 'bg-surface-2 ring-line'
            }`}
          >
            <span className="min-w-0 flex-1">
              <span className="block text-[15px] font-semibold text-ink">{title}</span>
              <span className="block text-[13px] text-muted">{hint}</span>
            </span>
            {busy ? <Spinner size={16} /> : null}
            <span
              aria-hidden="true"
              className={`size-5 shrink-0 rounded-full border-2 ${mode === value ? 'border-accent bg-accent' : 'border-line'}`}
            />
          </button>
        ))}
      </fieldset>
    </Sheet>
  );
}
