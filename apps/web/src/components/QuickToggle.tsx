import PowerIcon from 'lucide-react/icons/power';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { commandFailureToast } from '../data/command.ts';
import { useWriteMutation } from '../data/devices.ts';
import type { DeviceValues } from '../data/live.ts';
import { type CardState, masterPowerWrite, relaysOn } from '../lib/device-state.ts';
import { Spinner } from './Spinner.tsx';

interface QuickToggleProps {
  deviceId: string;
  name: string;
  toggleKeys: readonly string[];
  values: DeviceValues | undefined;
  state: CardState;
}

/** After an OK, how long the spinner may wait for the device's own report of the new state. */
const SETTLE_MS = 3000;

/**
 * On/off for the whole device (master power, spec section 4). Enabled only when connected; the pressed
 * state is what the device last reported, never a guess; success needs the device's OK.
 */
export function QuickToggle({ deviceId, name, toggleKeys, values, state }: QuickToggleProps) {
  const { t } = useTranslation();
  const write = useWriteMutation(deviceId);
  const isOn = relaysOn(values, toggleKeys) > 0;
  const [awaiting, setAwaiting] = useState<boolean | null>(null);

  useEffect(() => {
    if (awaiting === null) return;
    if (awaiting === isOn) {
      setAwaiting(null);
      return;
    }
    const timer = setTimeout(() => setAwaiting(null), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [awaiting, isOn]);

  const busy = write.isPending || awaiting !== null;
  const disabled = state !== 'online' || busy;

  const onClick = () => {
    const target = !isOn;
    write.mutate(masterPowerWrite(values, toggleKeys), {
      onSuccess: () => setAwaiting(target),
      onError: (err) => commandFailureToast(err, deviceId),
    });
  };

  return (
    <button
      type="button"
      data-testid="quick-toggle"
      aria-pressed={isOn}
      aria-busy={busy}
      aria-label={t('device.toggle', { name })}
      disabled={disabled}
      onClick={onClick}
      className={`grid size-12 shrink-0 place-items-center rounded-full transition-all duration-200 active:scale-95 disabled:cursor-not-allowed ${
        isOn && state === 'online'
          ? 'bg-accent text-on-accent shadow-[0_6px_16px_-6px_var(--hx-accent)]'
          : 'bg-surface-2 text-ink'
      } ${state !== 'online' ? 'opacity-40' : ''}`}
    >
      {busy ? <Spinner size={20} /> : <PowerIcon size={22} />}
    </button>
  );
}
