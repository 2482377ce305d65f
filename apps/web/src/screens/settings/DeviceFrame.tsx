import type { ReactNode } from 'react';
import { type DeviceControl, useDeviceControl } from '../../data/control.ts';
import { useDeviceQuery } from '../../data/devices.ts';
import { useDeviceAccess } from '../../data/live.ts';
import { homePaths } from '../../routes.ts';
import { LoadingBlock } from '../../ui/EmptyState.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { DeviceGone, useLiveFor } from './device-common.tsx';
import { AccessNotice } from './setting-controls.tsx';

interface DeviceFrameProps {
  id: string;
  title: string;
  testId: string;
  /** Where back goes when the screen was opened directly (defaults to the device's settings). */
  backTo?: string;
  /** Hide the offline / view-only notice (screens that only read). */
  quiet?: boolean;
  children(control: DeviceControl): ReactNode;
}

/**
 * The frame of every device settings screen: loads the device, says when it is gone, offline
 * (controls disabled with the spec's message) or shared view-only (read-only), then the content.
 */
export function DeviceFrame({ id, title, testId, backTo, quiet, children }: DeviceFrameProps) {
  const query = useDeviceQuery(id);
  const access = useDeviceAccess(query.data ?? { id, access: 'owner' });
  const control = useDeviceControl(id);
  useLiveFor(query.data);
  const gone = access === 'none' || (query.isError && !query.data);
  return (
    <StackScreen title={title} testId={testId} backTo={backTo ?? homePaths.deviceSetting(id)}>
      {gone ? (
        <DeviceGone />
      ) : !control.device || !control.profile ? (
        <LoadingBlock />
      ) : (
        <>
          {quiet ? null : (
            <AccessNotice mayControl={control.mayControl} online={control.state === 'online'} />
          )}
          {children(control)}
        </>
      )}
    </StackScreen>
  );
}
