import type { DeviceSettingType, KeyValue, SettingField } from '@hestia/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { SignalStrength } from '../../components/SignalStrength.tsx';
import type { DeviceControl } from '../../data/control.ts';
import { errorText, sessionEndOf } from '../../data/errors.ts';
import { formatDateTime } from '../../lib/date-format.ts';
import { ErrorState, LoadingBlock } from '../../ui/EmptyState.tsx';
import { Section } from '../../ui/Section.tsx';
import { toast } from '../../ui/Toast.tsx';
import { DeviceFrame } from './DeviceFrame.tsx';
import { ChoiceRow, num, SettingSlider, ToggleRow, ValueRow } from './setting-controls.tsx';
import { useDeviceSettingQuery, usePatchDeviceSetting } from './settings-data.ts';

/** A numbered key's base and number: `channel_action_mode_2` → [`channel_action_mode`, 2]. */
const baseOf = (key: string): [string, number | undefined] => {
  const m = /^(.*?)_?(\d+)$/.exec(key);
  return m?.[1] ? [m[1], Number(m[2])] : [key, undefined];
};

/** Field titles and option labels in the user's language (a numbered key shares its base's words). */
function useFieldText() {
  const { t, i18n } = useTranslation();
  const loose = t as unknown as (key: string, o?: Record<string, unknown>) => string;
  const fmt = new Intl.NumberFormat(i18n.language);
  return {
    title: (f: SettingField) => {
      const [base, n] = baseOf(f.key);
      if (i18n.exists(`deviceSettings.fields.${f.key}`)) return loose(`deviceSettings.fields.${f.key}`);
      if (i18n.exists(`deviceSettings.fields.${base}`))
        return loose(`deviceSettings.fields.${base}`, { n: n === undefined ? '' : fmt.format(n) });
      return f.key.replace(/_/g, ' ');
    },
    option: (f: SettingField, v: number) => {
      const [base] = baseOf(f.key);
      const key = `deviceSettings.options.${base}.${v}`;
      return i18n.exists(key) ? loose(key) : fmt.format(v);
    },
  };
}

/** One setting type of `devices/{id}/settings/{type}`: read its fields, write the writable ones. */
export function SettingTypeView({
  id,
  type,
  control,
}: {
  id: string;
  type: DeviceSettingType;
  control: DeviceControl;
}) {
  const { t, i18n } = useTranslation();
  const query = useDeviceSettingQuery(id, type);
  const patch = usePatchDeviceSetting(id, type);
  const [busy, setBusy] = useState<string | null>(null);
  const text = useFieldText();
  const titleOf = text.title;
  if (query.isError)
    return <ErrorState message={errorText(query.error, t)} onRetry={() => void query.refetch()} />;
  if (!query.data) return <LoadingBlock />;
  const setting = query.data;
  if (!setting.supported)
    return (
      <Section>
        <ValueRow label={t('deviceSettings.types.title')} value={t('deviceSettings.types.unsupported')} />
      </Section>
    );
  // The live value wins over the answer's snapshot: the screen follows the device.
  const current = (f: SettingField) => control.values[f.key] ?? f.value ?? undefined;
  const enabled = control.enabled && setting.writable && !patch.isPending;
  /** Write through the setting route; resolves true once the device took the values. */
  const write = async (key: string, pairs: KeyValue[]): Promise<boolean> => {
    setBusy(key);
    try {
      await patch.mutateAsync(pairs);
      return true;
    } catch (err) {
      if (!sessionEndOf(err)) toast.error(errorText(err, t), { id: `setting-${id}-${type}` });
      return false;
    } finally {
      setBusy(null);
    }
  };
  const fmt = new Intl.NumberFormat(i18n.language);
  return (
    <Section>
      {setting.fields.map((f) => {
        const v = current(f);
        const n = num(v ?? undefined);
        if (f.access === 'r' || f.kind === 'string') {
          const shown =
            v === undefined || v === null || v === '' ? (
              '—'
            ) : f.kind === 'boolean' ? (
              v === true || v === 'true' || n === 1 ? (
                t('deviceSettings.yes')
              ) : (
                t('deviceSettings.no')
              )
            ) : f.key === 'RSSI' && n !== undefined ? (
              <SignalStrength dbm={n} />
            ) : f.key.endsWith('Time') && n !== undefined ? (
              formatDateTime(n, i18n.language)
            ) : f.kind === 'enum' && n !== undefined ? (
              text.option(f, n)
            ) : n !== undefined && f.kind !== 'string' ? (
              `${fmt.format(n)}${f.unit ? ` ${f.unit}` : ''}`
            ) : (
              <bdi>{String(v)}</bdi>
            );
          return <ValueRow key={f.key} label={titleOf(f)} value={shown} testId={`field-${f.key}`} />;
        }
        if (f.kind === 'boolean')
          return (
            <ToggleRow
              key={f.key}
              title={titleOf(f)}
              checked={n === undefined ? (f.access === 'w' ? false : undefined) : n === 1}
              disabled={!enabled}
              busy={busy === f.key}
              onChange={(on) => void write(f.key, [{ Key: f.key, Value: on ? 1 : 0 }])}
              testId={`field-${f.key}`}
            />
          );
        if (f.kind === 'enum')
          return (
            <ChoiceRow
              key={f.key}
              title={titleOf(f)}
              value={n}
              options={(f.values ?? []).map((x) => ({ value: x, label: text.option(f, x) }))}
              disabled={!enabled}
              busy={busy === f.key}
              onChange={(x) => void write(f.key, [{ Key: f.key, Value: x }])}
              testId={`field-${f.key}`}
            />
          );
        return (
          <SettingSlider
            key={f.key}
            def={{
              key: f.key,
              title: f.title,
              ...(f.unit ? { unit: f.unit } : {}),
              ...(f.min !== null ? { min: f.min } : {}),
              ...(f.max !== null ? { max: f.max } : {}),
            }}
            title={titleOf(f)}
            control={control}
            enabled={enabled}
            busy={busy}
            run={(key, pairs) => write(key, pairs)}
          />
        );
      })}
    </Section>
  );
}

/** wifi-status-display [id]: the device's Wi-Fi (router, signal) and its Wi-Fi LED. */
export function WifiStatusDisplayScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <DeviceFrame
      id={id}
      title={t('deviceSettings.links.wifiStatusDisplay')}
      testId="screen-wifi-status-display"
    >
      {(control) => (
        <>
          <h2 className="mb-2 px-4 text-[13px] font-semibold tracking-wide text-muted uppercase">
            {t('deviceSettings.types.wifiStatus')}
          </h2>
          <SettingTypeView id={id} type="wifi-status" control={control} />
          <h2 className="mb-2 px-4 text-[13px] font-semibold tracking-wide text-muted uppercase">
            {t('deviceSettings.types.wifiLed')}
          </h2>
          <SettingTypeView id={id} type="wifi-led-control" control={control} />
        </>
      )}
    </DeviceFrame>
  );
}

/** pairingDeviceInformation [id]: the setting type pairing-devices. */
export function PairingDevicesScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <DeviceFrame id={id} title={t('deviceSettings.links.pairingDevices')} testId="screen-pairing-devices">
      {(control) => <SettingTypeView id={id} type="pairing-devices" control={control} />}
    </DeviceFrame>
  );
}

/** configStatus [id]: the setting type config-status (a curtain's reconfiguration state). */
export function ConfigStatusScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <DeviceFrame id={id} title={t('deviceSettings.links.configStatus')} testId="screen-config-status">
      {(control) => <SettingTypeView id={id} type="config-status" control={control} />}
    </DeviceFrame>
  );
}
