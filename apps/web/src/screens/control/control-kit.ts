import type { KeyValue, TelemetryValue } from '@hestia/contract';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceControl } from '../../data/control.ts';
import { isOn, numberOf } from '../../lib/device-state.ts';
import { formatNumber } from '../../lib/format.ts';
import { paramTitle } from '../../lib/key-title.ts';

type LooseT = (key: string, options?: Record<string, unknown>) => string;

/** `snake_case_1` → `Snake case 1`: the last resort for a catalogue name no locale file has yet. */
export const humanize = (name: string) => {
  const words = name.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The option key a select's values are translated under: `relay_memory_mode_3` → `relay_memory_mode`. */
export const optionBase = (key: string) => key.replace(/_?\d+$/, '');

/**
 * Names of catalogue things in the user's language. Catalogue titles are keys (`keys.relay_1`),
 * translated under `control.` in this feature's locale files; a name missing there is shown humanised.
 */
export function useControlText() {
  const { t, i18n } = useTranslation();
  const loose = t as unknown as LooseT;
  const lang = i18n.language;
  return {
    // An output (`relay_n`) has one name on every screen, the one automations, timers and reports show
    // (lib/key-title.ts); other keys take the control panel's own title.
    title: (title: string, key: string) =>
      /^relay_\d+$/.test(key)
        ? paramTitle(key, t, lang)
        : loose(`control.${title}`, { defaultValue: humanize(key) }),
    group: (group: string) => loose(`control.groups.${group}`, { defaultValue: humanize(group) }),
    option: (key: string, value: number) =>
      loose(`control.options.${optionBase(key)}.${value}`, { defaultValue: formatNumber(value, lang, 2) }),
    number: (value: number, digits = 1) => formatNumber(value, lang, digits),
  };
}

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
