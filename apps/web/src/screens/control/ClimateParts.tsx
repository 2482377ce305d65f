import { keyOf, type ModelProfile, type UiField, uiFields } from '@hestia/catalog';
import PowerIcon from 'lucide-react/icons/power';
import TimerIcon from 'lucide-react/icons/timer';
import { type ComponentType, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import type { DeviceControl } from '../../data/control.ts';
import { useCatalogText } from '../../i18n/catalog-text.ts';
import { Button } from '../../ui/Button.tsx';
import { Row } from '../../ui/Row.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { StepButton, Stepper } from '../../ui/Stepper.tsx';
import { Field, useValueText } from './fields.tsx';
import { PickerRow } from './PickerRow.tsx';
import { num, on, type Sender } from './sender.ts';

/**
 * The parts the climate panels share (issue 19): the power hero, the temperature hero with its
 * setpoint steps, option and timer rows with their picker sheets, and a field by key. Every part
 * sends through the panel's sender (the catalogue's rules first, then the device), shows its spinner
 * while the call runs, and is read-only for a view-only share.
 */

export const fieldOf = (profile: ModelProfile, key: string): UiField | undefined =>
  uiFields(profile).find((f) => f.key === key);

/** The catalogue field of `key` as the generic renderer draws it, or nothing when the model lacks it. */
export function KeyField({
  control,
  sender,
  name,
}: {
  control: DeviceControl;
  sender: Sender;
  name: string;
}) {
  const f = control.profile ? fieldOf(control.profile, name) : undefined;
  // The generic renderer's field: a view-only share sees its value, not a control.
  return f ? <Field field={f} control={control} sender={sender} /> : null;
}

/** The big on/off button at the top of a climate panel. */
export function PowerHero({
  control,
  sender,
  keyName,
  title,
  detail,
  icon: Icon = PowerIcon,
}: {
  control: DeviceControl;
  sender: Sender;
  keyName: string;
  title: string;
  detail?: ReactNode;
  icon?: ComponentType<{ size?: number }>;
}) {
  const { t } = useTranslation();
  const isOn = on(control.values[keyName]);
  const lit = isOn && control.state === 'online';
  const busy = sender.busy === keyName;
  const readOnly = !control.mayControl;
  return (
    <button
      type="button"
      data-testid={`power-${keyName}`}
      aria-pressed={isOn}
      aria-busy={busy || undefined}
      disabled={readOnly || !control.enabled}
      onClick={() => void sender.run(keyName, [{ Key: keyName, Value: isOn ? 0 : 1 }])}
      className={`mb-4 flex w-full items-center gap-4 rounded-3xl p-5 text-start transition active:scale-[0.99] disabled:cursor-not-allowed ${
        lit
          ? 'bg-accent text-on-accent shadow-[0_10px_24px_-14px_var(--hx-accent)]'
          : 'bg-surface text-ink shadow-card ring-1 ring-line/60'
      } ${control.enabled || readOnly ? '' : 'opacity-60'}`}
    >
      <span
        className={`grid size-14 shrink-0 place-items-center rounded-full ${lit ? 'bg-white/25' : 'bg-surface-2'}`}
      >
        {busy ? <Spinner size={22} /> : <Icon size={26} />}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-[17px] font-semibold">{title}</span>
        <span
          className={`block text-[14px] ${lit ? 'opacity-90' : 'text-muted'}`}
          data-testid={`power-${keyName}-state`}
        >
          {isOn ? t('device.on') : t('device.off')}
          {detail ? <> · {detail}</> : null}
        </span>
      </span>
    </button>
  );
}

/**
 * The room's temperature, large, and the setpoint with − and + (each press sends one step). When
 * `locked` says why, the setpoint cannot be changed now and the reason shows under it.
 */
export function TemperatureHero({
  control,
  sender,
  reading,
  setpoint,
  state,
  locked,
}: {
  control: DeviceControl;
  sender: Sender;
  reading: string;
  setpoint: string;
  state?: ReactNode;
  locked?: string;
}) {
  const { t } = useTranslation();
  const text = useCatalogText();
  const valueText = useValueText();
  const def = control.profile ? keyOf(control.profile, setpoint) : undefined;
  const target = num(control.values[setpoint]);
  const step = def?.step ?? 1;
  const digits = step < 1 ? 1 : 0;
  const busy = sender.busy === setpoint;
  const name = text.title(def?.title ?? `keys.${setpoint}`, setpoint);
  const stepTo = (dir: 1 | -1) => {
    if (target === undefined || !def) return;
    const next = Math.round((target + dir * step) / step) * step;
    if (next < (def.min ?? next) || next > (def.max ?? next)) return;
    void sender.run(setpoint, [{ Key: setpoint, Value: next }]);
  };
  const canStep = control.mayControl && control.enabled && !locked && !busy && target !== undefined;
  return (
    <div
      className="mb-4 rounded-3xl bg-surface p-5 shadow-card ring-1 ring-line/60"
      data-testid="climate-hero"
    >
      <div className="flex items-end justify-between gap-3">
        <div className="min-w-0">
          <p className="text-[13px] font-medium text-muted">{t('climate.now')}</p>
          <p className="text-[44px] leading-none font-semibold tabular-nums text-ink">
            <bdi data-testid={`value-${reading}`}>{valueText(control.values[reading], '°C', 1)}</bdi>
          </p>
        </div>
        {state ? (
          <p className="shrink-0 pb-1 text-[13px] font-semibold text-accent-text" data-testid="climate-state">
            {state}
          </p>
        ) : null}
      </div>
      <div className="mt-4 flex items-center gap-3 rounded-2xl bg-surface-2 px-3 py-2.5">
        <div className="min-w-0 flex-1">
          <p className="truncate text-[13px] text-muted">{name}</p>
          <p className="flex items-center gap-2 text-[22px] font-semibold tabular-nums text-ink">
            <bdi data-testid={`value-${setpoint}`}>
              {valueText(control.values[setpoint], def?.unit ?? '°C', digits)}
            </bdi>
            {busy ? <Spinner size={16} className="text-muted" /> : null}
          </p>
        </div>
        {control.mayControl ? (
          <div className="flex shrink-0 gap-2" data-testid={`step-${setpoint}`}>
            <StepButton
              dir={-1}
              label={t('control.decrease', { name })}
              disabled={!canStep || (target ?? 0) - step < (def?.min ?? Number.NEGATIVE_INFINITY)}
              onPress={() => stepTo(-1)}
            />
            <StepButton
              dir={1}
              label={t('control.increase', { name })}
              disabled={!canStep || (target ?? 0) + step > (def?.max ?? Number.POSITIVE_INFINITY)}
              onPress={() => stepTo(1)}
            />
          </div>
        ) : null}
      </div>
      {locked ? (
        <p className="mt-2 text-[13px] text-muted" data-testid={`locked-${setpoint}`}>
          {locked}
        </p>
      ) : null}
    </div>
  );
}

/** A row for an enum key, its value named by the catalogue, opening a picker of every value. */
export function OptionRow({
  control,
  keyName,
  icon,
  title,
  labelOf,
  options,
}: {
  control: DeviceControl;
  keyName: string;
  icon?: ComponentType<{ size?: number }>;
  title?: string;
  labelOf?(v: number): string;
  options?: readonly number[];
}) {
  const text = useCatalogText();
  const def = control.profile ? keyOf(control.profile, keyName) : undefined;
  if (!def) return null;
  return (
    <PickerRow
      icon={icon}
      title={title ?? text.title(def.title, keyName)}
      keyName={keyName}
      value={num(control.values[keyName])}
      options={options ?? def.values ?? []}
      labelOf={labelOf ?? ((v) => text.option(keyName, v, control.profile?.family))}
      control={control}
      testId={`pick-${keyName}`}
    />
  );
}

/** Values from `min` to `max` every `step` (a picker's choices of a number key). */
export const steps = (min: number, max: number, step: number) =>
  Array.from({ length: Math.floor((max - min) / step + 1e-9) + 1 }, (_, i) =>
    Number((min + i * step).toFixed(2)),
  );

/** Minutes as "1 h 20 min" in the language's digits. */
export function useDuration() {
  const { t } = useTranslation();
  const text = useCatalogText();
  return (minutes: number) => {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    if (h === 0) return t('climate.timer.minutes', { m: text.number(m, 0) });
    if (m === 0) return t('climate.timer.hours', { h: text.number(h, 0) });
    return t('climate.timer.hoursMinutes', { h: text.number(h, 0), m: text.number(m, 0) });
  };
}

/**
 * A timer row and its picker (the spec's timer, cooler timer and generator timer screens): the row
 * shows the minutes left as the device counts them down; the sheet takes hours and minutes up to the
 * catalogue's maximum (10 h, or 1 h 39 min on two-digit displays), starts or cancels the timer.
 */
export function TimerRow({
  control,
  sender,
  keyName,
  title,
  hint,
}: {
  control: DeviceControl;
  sender: Sender;
  keyName: string;
  title?: string;
  hint?: string;
}) {
  const { t } = useTranslation();
  const text = useCatalogText();
  const duration = useDuration();
  const [open, setOpen] = useState(false);
  const def = control.profile ? keyOf(control.profile, keyName) : undefined;
  const left = num(control.values[keyName]) ?? 0;
  const [draft, setDraft] = useState<{ h: number; m: number }>({ h: 0, m: 30 });
  if (!def) return null;
  const max = def.max ?? 600;
  const name = title ?? text.title(def.title, keyName);
  const busy = sender.busy === keyName;
  const total = draft.h * 60 + draft.m;
  const send = (minutes: number) =>
    void sender.run(keyName, [{ Key: keyName, Value: minutes }]).then((ok) => ok && setOpen(false));
  return (
    <>
      <Row
        icon={TimerIcon}
        title={name}
        subtitle={hint}
        trailing={
          <span
            className="flex shrink-0 items-center gap-2 text-[15px] font-semibold text-ink"
            data-testid={`timer-${keyName}-value`}
            data-value={left}
          >
            {busy ? <Spinner size={14} className="text-muted" /> : null}
            {left > 0 ? t('climate.timer.left', { time: duration(left) }) : t('climate.timer.off')}
          </span>
        }
        onClick={
          control.mayControl
            ? () => {
                const start = left > 0 ? left : Math.min(30, max);
                setDraft({ h: Math.floor(start / 60), m: start % 60 });
                setOpen(true);
              }
            : undefined
        }
        disabled={control.mayControl && !control.enabled}
        testId={`timer-${keyName}`}
      />
      <Sheet
        open={open}
        onClose={() => setOpen(false)}
        title={name}
        testId={`timer-${keyName}-picker`}
        actions={
          <div className="flex w-full gap-2">
            {left > 0 ? (
              <Button
                variant="secondary"
                className="flex-1"
                disabled={!control.enabled || busy}
                data-testid={`timer-${keyName}-cancel`}
                onClick={() => send(0)}
              >
                {t('climate.timer.cancel')}
              </Button>
            ) : null}
            <Button
              className="flex-1"
              busy={busy}
              disabled={!control.enabled || busy || total <= 0 || total > max}
              data-testid={`timer-${keyName}-start`}
              onClick={() => send(total)}
            >
              {t('climate.timer.start')}
            </Button>
          </div>
        }
      >
        <div className="flex gap-3" data-testid={`timer-${keyName}-fields`}>
          <Stepper
            label={t('climate.timer.hoursLabel')}
            value={draft.h}
            min={0}
            max={Math.floor(max / 60)}
            onChange={(h) => setDraft((d) => ({ h: h ?? 0, m: Math.min(d.m, max - (h ?? 0) * 60) }))}
            testId={`timer-${keyName}-hours`}
          />
          <Stepper
            label={t('climate.timer.minutesLabel')}
            value={draft.m}
            min={0}
            max={Math.min(59, max - draft.h * 60)}
            onChange={(m) => setDraft((d) => ({ ...d, m: m ?? 0 }))}
            testId={`timer-${keyName}-minutes`}
          />
        </div>
        <p className="mt-3 text-[13px] text-muted" data-testid={`timer-${keyName}-max`}>
          {t('climate.timer.max', { time: duration(max) })}
        </p>
      </Sheet>
    </>
  );
}
