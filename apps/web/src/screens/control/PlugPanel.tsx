import { keyOf, type ModelProfile, type UiField, uiFields } from '@hestia/catalog';
import type { TelemetryValue } from '@hestia/contract';
import GaugeIcon from 'lucide-react/icons/gauge';
import PowerIcon from 'lucide-react/icons/power';
import ThermometerIcon from 'lucide-react/icons/thermometer';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import type { DeviceControl } from '../../data/control.ts';
import { useCatalogText } from '../../i18n/catalog-text.ts';
import { digitsOnly, localeDigits } from '../../lib/digits.ts';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { useKeyTitles } from '../settings/key-titles.ts';
import { Field, ToggleField, useValueText } from './fields.tsx';
import { GenericFields } from './GenericPanel.tsx';
import { PlugModePicker, VoltageLimitPicker } from './PlugPickers.tsx';
import type { PanelProps } from './panels.ts';
import { num, on, type Sender, useSender } from './sender.ts';

/** Spec sections 5 and 9: the current limit input takes 50 to 3000 (mA, as the catalogue keeps it). */
export const CURRENT_LIMIT = { min: 50, max: 3000 } as const;

const fieldOf = (profile: ModelProfile, key: string): UiField | undefined =>
  uiFields(profile).find((f) => f.key === key);

/** Fewer decimals as a reading grows, so four-digit watts still fit a phone's tile. */
const digitsFor = (value: TelemetryValue | undefined, digits: number) => {
  const n = num(value);
  return n !== undefined && Math.abs(n) >= 1000 ? 0 : digits;
};

function Meter({ control }: { control: DeviceControl }) {
  const { t } = useTranslation();
  const valueText = useValueText();
  const tiles: [string, string, string, number][] = [
    ['power', t('control.plug.power'), 'W', 1],
    ['voltage', t('control.plug.voltage'), 'V', 1],
    ['current', t('control.plug.current'), 'A', 3],
  ];
  return (
    <div className="mb-4 grid grid-cols-3 gap-2" data-testid="plug-meter">
      {tiles.map(([key, title, unit, digits]) => (
        <div
          key={key}
          className="rounded-2xl bg-surface px-3 py-3 text-center shadow-card ring-1 ring-line/60"
        >
          <p className="text-[12px] font-medium text-muted">{title}</p>
          <p className="mt-1 truncate text-[16px] font-semibold whitespace-nowrap tabular-nums text-ink">
            <bdi data-testid={`value-${key}`}>
              {valueText(control.values[key], unit, digitsFor(control.values[key], digits))}
            </bdi>
          </p>
        </div>
      ))}
    </div>
  );
}

/** The current limit as typed input (50–3000), checked before it is sent. */
function CurrentLimit({ control, sender }: { control: DeviceControl; sender: Sender }) {
  const { t, i18n } = useTranslation();
  const text = useCatalogText();
  const id = useId();
  const reported = num(control.values.current_limit);
  const [draft, setDraft] = useState<string | null>(null);
  const value = draft ?? (reported === undefined ? '' : String(reported));
  const n = Number(value);
  const invalid =
    draft !== null &&
    (value.trim() === '' || !Number.isInteger(n) || n < CURRENT_LIMIT.min || n > CURRENT_LIMIT.max);
  const busy = sender.busy === 'current_limit';
  const save = async () => {
    if (invalid || draft === null) return;
    if (await sender.run('current_limit', [{ Key: 'current_limit', Value: n }])) setDraft(null);
  };
  return (
    <div className="px-4 py-3" data-testid="field-current_limit">
      <label htmlFor={id} className="mb-1.5 block text-[15px] font-medium text-ink">
        {text.title('keys.current_limit', 'current_limit')}
      </label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <input
            id={id}
            inputMode="numeric"
            value={localeDigits(value, i18n.language)}
            disabled={!control.enabled}
            aria-invalid={invalid || undefined}
            aria-describedby={`${id}-hint`}
            data-testid="input-current_limit"
            onChange={(e) => setDraft(digitsOnly(e.target.value, 5))}
            onKeyDown={(e) => e.key === 'Enter' && void save()}
            className={`h-11 w-full rounded-2xl border bg-surface ps-3 pe-12 text-[16px] text-ink tabular-nums outline-none focus:border-accent disabled:opacity-50 ${
              invalid ? 'border-danger' : 'border-line'
            }`}
          />
          <span className="pointer-events-none absolute inset-y-0 end-3 grid place-items-center text-[13px] text-muted">
            mA
          </span>
        </div>
        <button
          type="button"
          disabled={!control.enabled || invalid || draft === null || busy}
          data-testid="save-current_limit"
          onClick={() => void save()}
          className="inline-flex h-11 shrink-0 items-center gap-1.5 rounded-full bg-accent px-4 text-[14px] font-semibold text-on-accent disabled:opacity-50"
        >
          {busy ? <Spinner size={14} /> : null}
          {t('control.save')}
        </button>
      </div>
      <p
        id={`${id}-hint`}
        role={invalid ? 'alert' : undefined}
        className={`mt-1.5 text-[13px] ${invalid ? 'text-danger' : 'text-muted'}`}
        data-testid="hint-current_limit"
      >
        {t('control.plug.currentRange', {
          min: text.number(CURRENT_LIMIT.min, 0),
          max: text.number(CURRENT_LIMIT.max, 0),
        })}
      </p>
    </div>
  );
}

/**
 * Plugs (plug and plugV4): live power, voltage and current, on/off; on a V4 the protections (over- and
 * under-voltage with their limits, power limit, current limit 50–3000) and the room-thermostat mode
 * (summer/winter, setpoint, hysteresis), with the plug mode and voltage limit pickers.
 */
export default function PlugPanel({ deviceId, control }: PanelProps) {
  const { t } = useTranslation();
  const text = useCatalogText();
  const valueText = useValueText();
  const sender = useSender(control);
  const [picker, setPicker] = useState<'mode' | 'volts' | null>(null);
  const profile = control.profile;
  // The output's one name (the user's own, else the catalogue's), as every other screen shows it.
  const titleOf = useKeyTitles(deviceId, profile);
  if (!profile) return null;
  const has = (key: string) => keyOf(profile, key) !== undefined;
  const field = (key: string) => fieldOf(profile, key);
  const isOn = on(control.values.relay_1);
  const readOnly = !control.mayControl;
  const thermostat = on(control.values.room_thermostat_mode);
  const render = (key: string) => {
    const f = field(key);
    return f ? <Field key={key} field={f} control={control} sender={sender} /> : null;
  };
  const toggle = (key: string) => {
    const f = field(key);
    return f ? <ToggleField key={key} field={f} control={control} sender={sender} /> : null;
  };

  return (
    <div data-testid="plug-panel">
      {has('power') ? <Meter control={control} /> : null}

      <button
        type="button"
        data-testid="key-relay_1"
        aria-pressed={isOn}
        aria-busy={sender.busy === 'relay_1' || undefined}
        disabled={readOnly || !control.enabled}
        onClick={() => void sender.run('relay_1', [{ Key: 'relay_1', Value: isOn ? 0 : 1 }])}
        className={`mb-6 flex w-full items-center gap-4 rounded-3xl p-5 text-start transition active:scale-[0.99] disabled:cursor-not-allowed ${
          isOn && control.state === 'online'
            ? 'bg-accent text-on-accent shadow-[0_10px_24px_-14px_var(--hx-accent)]'
            : 'bg-surface text-ink shadow-card ring-1 ring-line/60'
        } ${control.enabled || readOnly ? '' : 'opacity-60'}`}
      >
        <span
          className={`grid size-14 shrink-0 place-items-center rounded-full ${
            isOn && control.state === 'online' ? 'bg-white/25' : 'bg-surface-2'
          }`}
        >
          {sender.busy === 'relay_1' ? <Spinner size={22} /> : <PowerIcon size={26} />}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-[17px] font-semibold">{titleOf('relay_1')}</span>
          <span
            className={`block text-[14px] ${isOn && control.state === 'online' ? 'opacity-90' : 'text-muted'}`}
          >
            {isOn ? t('device.on') : t('device.off')}
          </span>
        </span>
      </button>

      {has('over_voltage_protection_enable') ? (
        <Section title={text.group('protection')} hint={t('control.plug.protectionHint')}>
          {toggle('over_voltage_protection_enable')}
          {toggle('under_voltage_protection_enable')}
          <Row
            icon={GaugeIcon}
            title={t('control.plug.voltageLimit')}
            subtitle={t('control.plug.voltageLimits', {
              over: valueText(control.values.over_voltage_limit, 'V', 0),
              under: valueText(control.values.under_voltage_limit, 'V', 0),
            })}
            onClick={readOnly ? undefined : () => setPicker('volts')}
            disabled={!readOnly && !control.enabled}
            testId="open-voltage-limit"
          />
          {render('power_limit')}
          {has('current_limit') ? (
            readOnly ? (
              render('current_limit')
            ) : (
              <CurrentLimit control={control} sender={sender} />
            )
          ) : null}
        </Section>
      ) : null}

      {has('room_thermostat_mode') ? (
        <Section title={text.group('thermostat')}>
          <Row
            icon={ThermometerIcon}
            title={t('control.plug.mode')}
            subtitle={thermostat ? t('control.plug.modeThermostat') : t('control.plug.modeSocket')}
            onClick={readOnly ? undefined : () => setPicker('mode')}
            disabled={!readOnly && !control.enabled}
            testId="open-plug-mode"
          />
          {render('temperature')}
          {thermostat ? (
            <>
              {render('summer_winter')}
              {render('temperature_setpoint')}
              {render('up_hysteresis')}
              {render('down_hysteresis')}
              {render('thermostat_output')}
            </>
          ) : null}
        </Section>
      ) : null}

      <GenericFields
        deviceId={deviceId}
        control={control}
        skip={['relays', 'status', 'protection', 'thermostat']}
      />

      {readOnly ? null : (
        <>
          <VoltageLimitPicker
            control={control}
            sender={sender}
            open={picker === 'volts'}
            onClose={() => setPicker(null)}
          />
          <PlugModePicker
            control={control}
            sender={sender}
            open={picker === 'mode'}
            onClose={() => setPicker(null)}
          />
        </>
      )}
    </div>
  );
}
