import { getProfile, type ModelProfile } from '@hestia/catalog';
import type { Device } from '@hestia/contract';
import { type ReactNode, useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { DeviceGone } from '../../components/DeviceGone.tsx';
import { canControl, useDeviceQuery, useDevicesQuery } from '../../data/devices.ts';
import { type LiveAccess, useDeviceAccess } from '../../data/live.ts';
import { useLiveSubscription } from '../../data/live-subscription.ts';
import { homePaths } from '../../routes.ts';
import { LoadingBlock } from '../../ui/EmptyState.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';

export interface DeviceContext {
  device: Device;
  profile: ModelProfile | undefined;
  access: LiveAccess;
  mayControl: boolean;
}

/**
 * Read a list again when the user's access to the device changes while it is on screen (a share
 * scoped down to view, or back): the server switches off what may no longer run, and says why
 * (`pausedReason`), so the list shows it at once. The server announces the change and sweeps the
 * schedules and timers side by side, so on a busy server the first read may come before the sweep
 * is done: the list is read again after 1 s and 4 s (a CI run saw the sweep land after the read).
 */
const ACCESS_REREADS_MS = [0, 1000, 4000];

export function useRefetchOnAccessChange(access: LiveAccess, refetch: () => unknown): void {
  const seen = useRef(access);
  // The latest refetch, so a new function identity neither cancels nor repeats the re-reads.
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => {
    if (seen.current === access) return;
    seen.current = access;
    const timers = ACCESS_REREADS_MS.map((ms) => setTimeout(() => void latest.current(), ms));
    return () => {
      for (const t of timers) clearTimeout(t);
    };
  }, [access]);
}

/**
 * The frame of every screen of this feature: the device from the route's `:id`, loading and gone
 * states, and the stacked screen with back to the device's settings.
 */
export function DeviceStackScreen({
  title,
  testId,
  backTo,
  footer,
  action,
  children,
}: {
  title: string;
  testId: string;
  backTo?: (id: string) => string;
  footer?: (ctx: DeviceContext) => ReactNode;
  action?: ReactNode;
  children: (ctx: DeviceContext) => ReactNode;
}) {
  const { id = '' } = useParams();
  const query = useDeviceQuery(id);
  const devices = useDevicesQuery();
  // Live values (the catalogue's rules read them); the whole list, as the tabs subscribe it.
  useLiveSubscription(devices.data);
  const device = query.data;
  const access = useDeviceAccess(device ?? { id, access: 'owner' });
  const gone = access === 'none' || (query.isError && !device);
  const ctx: DeviceContext | null = device
    ? { device, profile: getProfile(device.deviceProfileId), access, mayControl: canControl(access) }
    : null;
  return (
    <StackScreen
      title={title}
      testId={testId}
      backTo={backTo ? backTo(id) : homePaths.deviceSetting(id)}
      action={action}
      footer={ctx && !gone && footer ? footer(ctx) : undefined}
    >
      {gone ? <DeviceGone /> : ctx ? children(ctx) : <LoadingBlock />}
    </StackScreen>
  );
}
