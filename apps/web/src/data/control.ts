import {
  errorCatalogue,
  errorMessage,
  evaluate,
  getProfile,
  type ModelProfile,
  modbusTextWrites,
} from '@hestia/catalog';
import type { Device, KeyValue, TelemetryValue } from '@hestia/contract';
import { useCallback, useMemo } from 'react';
import { currentLanguage } from '../i18n/index.ts';
import { type CardState, cardStateOf } from '../lib/device-state.ts';
import { toast } from '../ui/Toast.tsx';
import { commandFailureToast } from './command.ts';
import { canControl, useDeviceQuery, useWriteMutation } from './devices.ts';
import { type DeviceValues, useDeviceAccess, useDeviceValues } from './live.ts';

/** A fault the device reports now (its `error_code`), with the catalogue's message in the user's language. */
export interface ActiveFault {
  code: string;
  wire: string;
  message: string;
}

export interface DeviceControl {
  device: Device | undefined;
  profile: ModelProfile | undefined;
  /** Latest values, flat (`{key: value}`); live when the socket runs, last known otherwise. */
  values: Readonly<Record<string, TelemetryValue>>;
  /** Raw points with their timestamps, for freshness. */
  points: DeviceValues | undefined;
  state: CardState;
  /** Owner or control share: the screen shows controls. View-only shares see state only. */
  mayControl: boolean;
  /** Controls are enabled: the caller may control and the device is connected. */
  enabled: boolean;
  /** A write is on its way to the device. */
  pending: boolean;
  fault: ActiveFault | undefined;
  /**
   * Send Key/Value pairs. The catalogue's rules are checked first (the device enforces them again);
   * a refusal shows its message and sends nothing. A failed RPC shows the top toast
   * 'disturbance in communication with the device', no network 'network error' at once (nothing is
   * queued to be sent later). Resolves true when the device answered OK.
   */
  send: (pairs: KeyValue[]) => Promise<boolean>;
}

const flat = (points: DeviceValues | undefined): Record<string, TelemetryValue> =>
  Object.fromEntries(Object.entries(points ?? {}).map(([k, [, v]]) => [k, v]));

/** Values as the rule engine reads them: numbers where the socket sent numeric text. */
const ruleValues = (values: Readonly<Record<string, TelemetryValue>>): Record<string, number | string> =>
  Object.fromEntries(
    Object.entries(values).map(([k, v]) => {
      if (typeof v === 'number') return [k, v];
      if (typeof v === 'boolean') return [k, Number(v)];
      if (typeof v === 'object') return [k, JSON.stringify(v)];
      const n = Number(v);
      return [k, v !== '' && Number.isFinite(n) ? n : v];
    }),
  );

function faultOf(profile: ModelProfile | undefined, values: Readonly<Record<string, TelemetryValue>>) {
  const wire = values.error_code;
  if (!profile || wire === undefined || wire === null || wire === '') return undefined;
  const def = errorCatalogue.find((e) => e.wire === String(wire) && profile.errors.includes(e.code));
  if (!def) return undefined;
  return { code: def.code, wire: def.wire, message: errorMessage(def.code, currentLanguage()) };
}

/**
 * Everything a control screen needs for one device (issue 7): state, access, the active fault and a
 * guarded `send`. Every family's panel builds on this; none talks to the API by itself.
 */
export function useDeviceControl(deviceId: string): DeviceControl {
  const { data: device } = useDeviceQuery(deviceId);
  const profile = device ? getProfile(device.deviceProfileId) : undefined;
  const points = useDeviceValues(deviceId);
  const access = useDeviceAccess(device ?? { id: deviceId, access: 'view' });
  // Text keys (names a device keeps) go as the spec's Modbus string writes; everything else as a write.
  const asModbus = useCallback(
    (pairs: KeyValue[]) => (profile ? modbusTextWrites(profile, pairs) : null),
    [profile],
  );
  const write = useWriteMutation(deviceId, asModbus);
  const values = useMemo(() => flat(points), [points]);
  const state = cardStateOf(points);
  const mayControl = device !== undefined && canControl(access);
  const fault = useMemo(() => faultOf(profile, values), [profile, values]);

  const send = useCallback(
    async (pairs: KeyValue[]): Promise<boolean> => {
      if (profile) {
        const refusal = evaluate(profile, ruleValues(values), pairs);
        if (refusal) {
          toast.error(errorMessage(refusal.code, currentLanguage()), { id: `refused-${deviceId}` });
          return false;
        }
      }
      try {
        await write.mutateAsync(pairs);
        return true;
      } catch (err) {
        commandFailureToast(err, deviceId);
        return false;
      }
    },
    [deviceId, profile, values, write],
  );

  return {
    device,
    profile,
    values,
    points,
    state,
    mayControl,
    enabled: mayControl && state === 'online' && !write.isPending,
    pending: write.isPending,
    fault,
    send,
  };
}
