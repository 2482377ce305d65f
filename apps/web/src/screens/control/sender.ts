import type { KeyValue, TelemetryValue } from '@hestia/contract';
import { useCallback, useState } from 'react';
import type { DeviceControl } from '../../data/control.ts';
import { isOn, numberOf } from '../../lib/device-state.ts';

/** A value as a number, or undefined when the device has not reported one. */
export const num = (value: TelemetryValue | undefined) => numberOf(value);
export const on = (value: TelemetryValue | undefined) => isOn(value);

/**
 * Sends through `useDeviceControl`'s guarded `send` and remembers which control asked, so that
 * control (and only it) shows the spinner while the call runs.
 */
export function useSender(control: DeviceControl) {
  const { send } = control;
  const [busy, setBusy] = useState<string | null>(null);
  const run = useCallback(
    async (id: string, pairs: KeyValue[]) => {
      setBusy(id);
      try {
        return await send(pairs);
      } finally {
        setBusy(null);
      }
    },
    [send],
  );
  return { busy, run };
}

export type Sender = ReturnType<typeof useSender>;
