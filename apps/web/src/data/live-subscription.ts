// Which keys each device's live subscription asks for, by its catalogue profile. Apart from live.ts, which
// the first load needs, so the catalogue loads with the screens that show devices (issue 16, initial
// JavaScript).
import { getProfile, reportedKeys } from '@hestia/catalog';
import type { LiveDevice } from '@hestia/client';
import type { Device } from '@hestia/contract';
import { useEffect } from 'react';
import { setLiveDevices } from './live.ts';

/** Keys every card needs beyond the profile's own reported keys. */
const COMMON_KEYS = ['active', 'current_fw_version', 'fw_state'];

export function liveDeviceOf(device: Pick<Device, 'id' | 'deviceProfileId'>): LiveDevice {
  const profile = getProfile(device.deviceProfileId);
  // An unknown profile gets every key, so nothing it reports is lost.
  return profile ? { id: device.id, keys: [...COMMON_KEYS, ...reportedKeys(profile)] } : { id: device.id };
}

/** Keep one live subscription for exactly these devices while mounted. */
export function useLiveSubscription(devices: readonly Device[] | undefined): void {
  const signature = devices?.map((d) => `${d.id}:${d.deviceProfileId}`).join(',') ?? '';
  useEffect(() => {
    if (!signature) return;
    const list = signature.split(',').map((entry) => {
      const [id = '', deviceProfileId = ''] = entry.split(':');
      return liveDeviceOf({ id, deviceProfileId });
    });
    setLiveDevices(list);
  }, [signature]);
}
