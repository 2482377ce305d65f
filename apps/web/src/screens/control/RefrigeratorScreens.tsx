import { errorMessage, getError, keyOf } from '@hestia/catalog';
import CircleAlertIcon from 'lucide-react/icons/circle-alert';
import CircleCheckIcon from 'lucide-react/icons/circle-check';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { DeviceControl } from '../../data/control.ts';
import { useDeviceQuery } from '../../data/devices.ts';
import { useCatalogText } from '../../i18n/catalog-text.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { controlPaths } from '../../routes/control-paths.ts';
import { DeviceFrame } from '../settings/DeviceFrame.tsx';
import { useValueText } from './fields.tsx';
import { on } from './sender.ts';

const INPUTS = [
  'fridge_temperature',
  'freezer_temperature',
  'evaporator_temperature',
  'ambient_temperature',
  'ice_maker_temperature',
  'fridge_door',
  'freezer_door',
] as const;
const OUTPUTS = ['compressor', 'condenser_fan', 'freezer_fan', 'defrost_heater'] as const;

interface ContentProps {
  control: DeviceControl;
}

/**
 * The refrigerator's error and input/output screens (spec section 2: refrigerator-combi-error [id],
 * refrigerator-combi-input-output), routes of their own opened from the panel's Service section. They
 * only read; back leads to the panel (to the refrigerator's control screen when opened directly).
 */
function FridgeScreen({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children(control: DeviceControl): ReactNode;
}) {
  const { id = '' } = useParams();
  const device = useDeviceQuery(id).data;
  return (
    <DeviceFrame
      id={id}
      title={title}
      testId={testId}
      quiet
      backTo={controlPaths.device(id, device?.deviceProfileId)}
    >
      {children}
    </DeviceFrame>
  );
}

/** refrigerator-combi-input-output/:id */
export function FridgeIoScreen() {
  const { t } = useTranslation();
  return (
    <FridgeScreen title={t('water.fridge.io')} testId="screen-fridge-io">
      {(control) => <FridgeIoContent control={control} />}
    </FridgeScreen>
  );
}

/** refrigerator-combi-error/:id */
export function FridgeErrorScreen() {
  const { t } = useTranslation();
  return (
    <FridgeScreen title={t('water.fridge.errors')} testId="screen-fridge-errors">
      {(control) => <FridgeErrorContent control={control} />}
    </FridgeScreen>
  );
}

/**
 * The input/output screen (spec section 2, refrigerator-combi-input-output): what the refrigerator's
 * board reads (sensor temperatures, doors) and drives (compressor, fans, defrost heater), live.
 */
export function FridgeIoContent({ control }: ContentProps) {
  const { t } = useTranslation();
  const text = useCatalogText();
  const valueText = useValueText();
  const profile = control.profile;
  if (!profile) return null;
  const has = (key: string) => keyOf(profile, key) !== undefined;
  const line = (key: string, value: string, active?: boolean) => (
    <li key={key} className="flex min-h-11 items-center gap-3 px-4 py-2" data-testid={`io-${key}`}>
      {active === undefined ? null : (
        <span
          aria-hidden="true"
          className={`size-2.5 shrink-0 rounded-full ${active ? 'bg-success' : 'bg-line'}`}
        />
      )}
      <span className="min-w-0 flex-1 truncate text-[14px] text-ink">{text.title(`keys.${key}`, key)}</span>
      <bdi className="shrink-0 text-[14px] font-semibold tabular-nums text-ink" data-on={active}>
        {value}
      </bdi>
    </li>
  );
  const flag = (key: string, onWord: string, offWord: string) =>
    control.values[key] === undefined
      ? line(key, t('control.noValue'))
      : line(key, on(control.values[key]) ? onWord : offWord, on(control.values[key]));
  return (
    <div data-testid="fridge-io">
      <h3 className="mb-1.5 text-[13px] font-semibold tracking-wide text-muted uppercase">
        {t('water.fridge.inputs')}
      </h3>
      <ul className="mb-4 divide-y divide-line rounded-2xl bg-surface-2">
        {INPUTS.filter(has).map((key) =>
          key.endsWith('_door')
            ? flag(key, t('water.fridge.doorOpen'), t('water.fridge.doorClosed'))
            : line(key, valueText(control.values[key], '°C', 1)),
        )}
      </ul>
      <h3 className="mb-1.5 text-[13px] font-semibold tracking-wide text-muted uppercase">
        {t('water.fridge.outputs')}
      </h3>
      <ul className="mb-4 divide-y divide-line rounded-2xl bg-surface-2">
        {OUTPUTS.filter(has).map((key) => flag(key, t('device.on'), t('device.off')))}
      </ul>
    </div>
  );
}

/**
 * The error screen (spec section 2, refrigerator-combi-error): the fault the refrigerator reports now,
 * then every fault its model can report, each in the catalogue's words.
 */
export function FridgeErrorContent({ control }: ContentProps) {
  const { t } = useTranslation();
  const profile = control.profile;
  if (!profile) return null;
  const language = currentLanguage();
  const faults = profile.errors.filter((code) => getError(code)?.kind === 'fault');
  const active = control.fault?.code;
  return (
    <div data-testid="fridge-errors">
      <p
        className={`mb-4 flex items-start gap-2.5 rounded-2xl px-4 py-3 text-[14px] leading-snug ${
          active ? 'bg-danger-soft text-ink' : 'bg-surface-2 text-muted'
        }`}
        data-testid="fridge-error-now"
        data-code={active ?? ''}
      >
        {active ? (
          <CircleAlertIcon size={18} className="mt-0.5 shrink-0 text-danger" />
        ) : (
          <CircleCheckIcon size={18} className="mt-0.5 shrink-0 text-success-text" />
        )}
        {control.fault?.message ?? t('water.fridge.noErrors')}
      </p>
      <h3 className="mb-1.5 text-[13px] font-semibold tracking-wide text-muted uppercase">
        {t('water.fridge.errorList')}
      </h3>
      <ul className="mb-4 divide-y divide-line rounded-2xl bg-surface-2">
        {faults.map((code) => (
          <li
            key={code}
            className={`flex items-start gap-2.5 px-4 py-2.5 text-[14px] leading-snug ${
              code === active ? 'font-semibold text-danger' : 'text-ink'
            }`}
            data-testid={`fridge-error-${code}`}
            data-active={code === active}
          >
            <span
              aria-hidden="true"
              className={`mt-1.5 size-2 shrink-0 rounded-full ${code === active ? 'bg-danger' : 'bg-line'}`}
            />
            {errorMessage(code, language)}
          </li>
        ))}
      </ul>
    </div>
  );
}
