import { getProfile } from '@hestia/catalog';
import type { Device } from '@hestia/contract';
import { belowFirmwareFloor } from '@hestia/contract/light';
import CheckIcon from 'lucide-react/icons/check';
import CircleAlertIcon from 'lucide-react/icons/circle-alert';
import CloudOffIcon from 'lucide-react/icons/cloud-off';
import EyeIcon from 'lucide-react/icons/eye';
import UsersIcon from 'lucide-react/icons/users';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { canControl, useDeviceQuery } from '../data/devices.ts';
import { type DeviceValues, useDeviceAccess, useDeviceValues } from '../data/live.ts';
import { useLongPress } from '../hooks/useLongPress.ts';
import { currentLanguage } from '../i18n/index.ts';
import {
  type CardState,
  cardStateOf,
  hasFirmwareDot,
  numberOf,
  relaysOn,
  truncateName,
} from '../lib/device-state.ts';
import { formatNumber } from '../lib/format.ts';
import { controlPaths } from '../routes/control-paths.ts';
import { DeviceGlyph } from './DeviceGlyph.tsx';
import { QuickToggle } from './QuickToggle.tsx';
import { Spinner } from './Spinner.tsx';
import { StaleBadge } from './StaleBadge.tsx';

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

/** How often a card whose profile this app does not know asks the server for the device again. */
const UNKNOWN_PROFILE_POLL_MS = 15_000;

interface DeviceCardProps {
  device: Device;
  /** Selection mode is on: a tap selects instead of opening. */
  selecting?: boolean;
  selected?: boolean;
  onSelect?(id: string): void;
  /** A long press starts selection with this card. */
  onLongPress?(id: string): void;
}

/**
 * A device card (spec section 4): the profile's icon (a spinner and a refetch while the profile is
 * unknown), the name cut at 15 characters, connection state, the firmware red dot, the user-group
 * mark on shared devices, and the quick toggle unless the share is view only. Long press selects.
 */
export function DeviceCard({
  device: listed,
  selecting = false,
  selected = false,
  onSelect,
  onLongPress,
}: DeviceCardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unknown = !getProfile(listed.deviceProfileId);
  const refetched = useDeviceQuery(listed.id, { enabled: unknown, pollMs: UNKNOWN_PROFILE_POLL_MS });
  const device = unknown && refetched.data ? refetched.data : listed;
  const values = useDeviceValues(device.id);
  const access = useDeviceAccess(device);
  const state = cardStateOf(values);
  const profile = getProfile(device.deviceProfileId);
  const status = useStatus(device, values, state);
  // Below the firmware floor the server refuses its commands: say so, and offer no toggle that would fail.
  const tooOld = belowFirmwareFloor(values?.current_fw_version?.[1]);
  const hasToggle = (profile?.features.includes('quick_toggle') ?? false) && canControl(access) && !tooOld;
  const offline = state === 'offline';
  const shared = access === 'control' || access === 'view';
  const press = useLongPress(
    () => onLongPress?.(device.id),
    () =>
      selecting
        ? onSelect?.(device.id)
        : void navigate(controlPaths.device(device.id, device.deviceProfileId)),
  );

  return (
    <article
      data-testid="device-card"
      data-device-id={device.id}
      data-state={state}
      data-access={access}
      data-selected={selecting ? selected : undefined}
      className={`relative flex min-h-[9.5rem] flex-col rounded-3xl p-4 transition-[background-color,box-shadow,transform] duration-150 select-none ${
        offline ? 'bg-offline ring-1 ring-line' : 'bg-surface shadow-card ring-1 ring-line/60'
      } ${selected ? 'ring-2 ring-accent' : ''} ${selecting && !selected ? 'scale-[0.98]' : ''}`}
    >
      {/* The whole card opens the device (or selects it); the toggle sits above this layer. */}
      <button
        type="button"
        {...press}
        data-testid="device-open"
        aria-label={
          selecting
            ? t('home.card.select', { name: device.label })
            : t('home.card.open', { name: device.label })
        }
        aria-pressed={selecting ? selected : undefined}
        className="absolute inset-0 z-0 touch-manipulation rounded-3xl [-webkit-touch-callout:none]"
      />
      <div className="pointer-events-none relative flex items-start justify-between gap-2">
        <DeviceGlyph
          profile={profile}
          active={status.active}
          offline={offline}
          firmwareDot={hasFirmwareDot(profile, values)}
        />
        {selecting ? (
          <span
            aria-hidden="true"
            data-testid="select-mark"
            className={`grid size-7 place-items-center rounded-full transition-colors ${
              selected ? 'bg-accent text-on-accent' : 'bg-surface ring-2 ring-line'
            }`}
          >
            {selected ? <CheckIcon size={16} /> : null}
          </span>
        ) : hasToggle && profile ? (
          <span className="pointer-events-auto">
            <QuickToggle
              deviceId={device.id}
              name={device.label}
              toggleKeys={profile.toggleKeys}
              values={values}
              state={state}
            />
          </span>
        ) : null}
      </div>
      <div className="pointer-events-none relative mt-auto min-w-0 pt-3">
        <h3
          title={device.label}
          data-testid="device-name"
          className={`flex min-w-0 items-center gap-1.5 text-[15px] leading-snug font-semibold ${offline ? 'text-muted' : 'text-ink'}`}
        >
          {/* Isolated so a Latin name in a right-to-left page keeps its ellipsis at its own end. */}
          <bdi className="truncate">{truncateName(device.label)}</bdi>
          {shared ? (
            <span
              data-testid="shared-mark"
              className="inline-flex shrink-0 items-center gap-0.5 text-accent-text"
              title={access === 'view' ? t('home.card.sharedView') : t('home.card.shared')}
            >
              <UsersIcon size={15} />
              {access === 'view' ? <EyeIcon size={14} /> : null}
              <span className="sr-only">
                {access === 'view' ? t('home.card.sharedView') : t('home.card.shared')}
              </span>
            </span>
          ) : null}
        </h3>
        <StaleBadge deviceId={device.id} deviceProfileId={device.deviceProfileId} />
        <p
          data-testid="device-status"
          className="mt-0.5 flex min-w-0 items-center gap-1.5 text-[13px] leading-snug text-muted"
        >
          {state === 'unknown' ? <Spinner size={12} className="shrink-0" /> : null}
          {offline ? <CloudOffIcon size={14} className="shrink-0" /> : null}
          {tooOld ? (
            <>
              <CircleAlertIcon size={14} className="shrink-0 text-danger" />
              <span className="truncate font-medium text-danger" data-testid="device-firmware-too-old">
                {t('home.card.firmwareTooOld')}
              </span>
            </>
          ) : (
            <span className="truncate">{status.text}</span>
          )}
        </p>
      </div>
      {status.position !== undefined ? (
        <div
          className="pointer-events-none relative mt-2.5 h-1.5 overflow-hidden rounded-full bg-surface-2"
          aria-hidden="true"
        >
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
