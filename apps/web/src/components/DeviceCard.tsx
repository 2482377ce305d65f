import { getProfile } from '@hestia/catalog';
import type { Device } from '@hestia/contract';
import { useTranslation } from 'react-i18next';
import { type DeviceValues, useDeviceValues } from '../data/live.ts';
import { currentLanguage } from '../i18n/index.ts';
import { type CardState, cardStateOf, numberOf, relaysOn, truncateName } from '../lib/device-state.ts';
import { formatNumber } from '../lib/format.ts';
import { DeviceGlyph } from './DeviceGlyph.tsx';
import { CloudOffIcon } from './icons.tsx';
import { QuickToggle } from './QuickToggle.tsx';
import { Spinner } from './Spinner.tsx';

interface Status {
  text: string;
  /** Whether the device is doing something (relay on, curtain open), for the icon tile's colour. */
  active: boolean;
  /** Curtain position in percent, drawn as a bar. */
  position?: number;
}

function useStatus(device: Device, values: DeviceValues | undefined, state: CardState): Status {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const profile = getProfile(device.deviceProfileId);
  if (!profile) return { text: t('device.unknownProfile'), active: false };

  const features = profile.features;
  const onCount = relaysOn(values, profile.toggleKeys);
  const total = profile.toggleKeys.length;
  const parts: string[] = [];
  let active = false;
  let position: number | undefined;

  if (features.includes('position')) {
    position = numberOf(values?.curtain_percentage?.[1]);
    if (position !== undefined) {
      position = Math.max(0, Math.min(100, Math.round(position)));
      active = position > 0;
      parts.push(
        position === 0
          ? t('device.closed')
          : t('device.position', { value: formatNumber(position, lang, 0) }),
      );
    }
  }
  if (total > 0) {
    active = onCount > 0;
    parts.push(
      onCount === 0
        ? t('device.off')
        : onCount === total || total === 1
          ? t('device.on')
          : t('device.someOn', { on: onCount, total }),
    );
  }
  if (features.includes('power_metering')) {
    const watts = numberOf(values?.power?.[1]);
    if (watts !== undefined) parts.push(t('device.power', { value: formatNumber(watts, lang, 1) }));
  }

  if (state === 'offline') return { text: t('device.offline'), active: false, position };
  if (state === 'unknown') return { text: t('device.connecting'), active, position };
  return { text: parts.join(t('common.separator')) || t('device.online'), active, position };
}

/** A device on the dashboard (spec section 4): icon, short name, connection and live state, quick toggle. */
export function DeviceCard({ device }: { device: Device }) {
  const values = useDeviceValues(device.id);
  const state = cardStateOf(values);
  const profile = getProfile(device.deviceProfileId);
  const status = useStatus(device, values, state);
  const hasToggle = profile?.features.includes('quick_toggle') ?? false;
  const offline = state === 'offline';

  return (
    <article
      data-testid="device-card"
      data-device-id={device.id}
      data-state={state}
      className={`flex min-h-[9.5rem] flex-col rounded-3xl p-4 transition-colors ${
        offline ? 'bg-offline ring-1 ring-line' : 'bg-surface shadow-card ring-1 ring-line/60'
      }`}
    >
      <div className="flex items-start justify-between gap-2">
        <DeviceGlyph profile={profile} active={status.active} offline={offline} />
        {hasToggle && profile ? (
          <QuickToggle
            deviceId={device.id}
            name={device.label}
            toggleKeys={profile.toggleKeys}
            values={values}
            state={state}
          />
        ) : null}
      </div>
      <div className="mt-auto min-w-0 pt-3">
        <h3
          title={device.label}
          data-testid="device-name"
          className={`truncate text-[15px] leading-snug font-semibold ${offline ? 'text-muted' : 'text-ink'}`}
        >
          {/* Isolated so a Latin name in a right-to-left page keeps its ellipsis at its own end. */}
          <bdi>{truncateName(device.label)}</bdi>
        </h3>
        <p
          data-testid="device-status"
          className="mt-0.5 flex min-w-0 items-center gap-1.5 text-[13px] leading-snug text-muted"
        >
          {state === 'unknown' ? <Spinner size={12} className="shrink-0" /> : null}
          {offline ? <CloudOffIcon size={14} className="shrink-0" /> : null}
          <span className="truncate">{status.text}</span>
        </p>
      </div>
      {status.position !== undefined ? (
        <div className="mt-2.5 h-1.5 overflow-hidden rounded-full bg-surface-2" aria-hidden="true">
          <div
            className={`h-full rounded-full transition-[width] duration-500 ${offline ? 'bg-muted/40' : 'bg-accent'}`}
            style={{ width: `${status.position}%` }}
          />
        </div>
      ) : null}
    </article>
  );
}

export function DeviceCardSkeleton() {
  return (
    <div className="flex min-h-[9.5rem] animate-pulse flex-col rounded-3xl bg-surface p-4 ring-1 ring-line/60">
      <div className="flex justify-between">
        <span className="size-12 rounded-2xl bg-surface-2" />
        <span className="size-12 rounded-full bg-surface-2" />
      </div>
      <span className="mt-auto h-4 w-3/4 rounded-full bg-surface-2" />
      <span className="mt-2 h-3 w-1/2 rounded-full bg-surface-2" />
    </div>
  );
}
