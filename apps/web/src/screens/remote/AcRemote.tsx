import type { UserRemote } from '@hestia/contract';
import { AC_FANS, AC_MAX_C, AC_MIN_C, AC_MODES, type AcFan, type AcMode, type AcState } from '@hestia/ir';
import DropletsIcon from 'lucide-react/icons/droplets';
import FanIcon from 'lucide-react/icons/fan';
import MinusIcon from 'lucide-react/icons/minus';
import PlusIcon from 'lucide-react/icons/plus';
import PowerIcon from 'lucide-react/icons/power';
import SnowflakeIcon from 'lucide-react/icons/snowflake';
import SparklesIcon from 'lucide-react/icons/sparkles';
import SunIcon from 'lucide-react/icons/sun';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeDigits } from '../../lib/digits.ts';
import { useButtonLabel, useRemotePress } from './press.ts';
import { PressLine } from './RemoteFace.tsx';
import { Emitter, KEY } from './RemoteKeys.tsx';

const MODE_ICONS: Record<AcMode, ComponentType<{ size?: number }>> = {
  auto: SparklesIcon,
  cool: SnowflakeIcon,
  heat: SunIcon,
  dry: DropletsIcon,
  fan: FanIcon,
};

const DEFAULT: AcState = { power: false, mode: 'cool', temperature: 24, fan: 'auto' };

/** The state this phone last sent to the air conditioner, so the display starts where the unit is. */
const storeKey = (id: string) => `hestia-ac-remote-${id}`;
export function loadState(id: string): AcState {
  try {
    const saved = JSON.parse(localStorage.getItem(storeKey(id)) ?? 'null') as Partial<AcState> | null;
    return { ...DEFAULT, ...(saved ?? {}) };
  } catch {
    return DEFAULT;
  }
}

const next = <T,>(list: readonly T[], value: T): T => list[(list.indexOf(value) + 1) % list.length] as T;

/**
 * An air conditioner's remote (issue 23): like the real one it keeps the whole state, shows it on its
 * display, and every key sends all of it in one frame — power, mode, set temperature and fan.
 */
export function AcRemote({ remote }: { remote: UserRemote }) {
  const { t, i18n } = useTranslation();
  const labelOf = useButtonLabel();
  const { press, status, lineRef } = useRemotePress(remote);
  const [state, setState] = useState<AcState>(() => loadState(remote.id));
  const change = (patch: Partial<AcState>, pressed: string) => {
    const updated = { ...state, ...patch };
    setState(updated);
    localStorage.setItem(storeKey(remote.id), JSON.stringify(updated));
    press({ state: updated });
    return pressed;
  };
  const ModeIcon = MODE_ICONS[state.mode];
  const modeText = t(`remote.ac.modes.${state.mode}` as 'remote.ac.modes.cool');
  const fanText = t(`remote.ac.fans.${state.fan}` as 'remote.ac.fans.auto');
  const degrees = localeDigits(String(state.temperature), i18n.language);
  const key = (name: string, label: string, onClick: () => void, body: React.ReactNode, className = '') => (
    <button
      type="button"
      aria-label={label}
      title={label}
      data-testid={`remote-ac-${name}`}
      onClick={onClick}
      className={`${KEY} ${className}`}
    >
      {body}
    </button>
  );
  return (
    <div>
      <section
        dir="ltr"
        aria-label={remote.name}
        data-testid="remote-face"
        data-kind="state"
        className="mx-auto w-full max-w-[300px] rounded-[40px] bg-gradient-to-b from-[#f4f5f7] to-[#d9dce1] px-6 pt-4 pb-8 shadow-[0_24px_48px_-20px_rgba(0,0,0,0.45)] ring-1 ring-line"
      >
        <Emitter status={status} />
        <div
          data-testid="remote-ac-display"
          data-power={state.power}
          aria-live="polite"
          className={`mb-6 rounded-2xl bg-[#b9c7a8] px-4 py-3 text-[#17210f] shadow-[inset_0_2px_6px_rgba(0,0,0,0.25)] ${state.power ? '' : 'opacity-60'}`}
        >
          <div className="flex items-center justify-between text-[13px] font-semibold">
            <span className="inline-flex items-center gap-1.5">
              <ModeIcon size={16} />
              {modeText}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <FanIcon size={16} />
              {fanText}
            </span>
          </div>
          <p className="mt-1 text-center text-5xl font-bold tabular-nums">
            {degrees}
            <span className="align-top text-2xl">°C</span>
          </p>
          <p className="text-center text-[12px] font-semibold">
            {state.power ? t('remote.ac.on') : t('remote.ac.off')}
          </p>
        </div>
        <div className="flex items-center justify-between gap-4">
          <div className="flex flex-col gap-3">
            {key(
              'power',
              labelOf('power'),
              () => change({ power: !state.power }, 'power'),
              <PowerIcon size={24} aria-hidden="true" />,
              'size-16 rounded-full bg-[#c81e34] active:bg-[#a3182a]',
            )}
            {key(
              'mode',
              t('remote.ac.modeKey', { mode: modeText }),
              () => change({ mode: next(AC_MODES, state.mode) as AcMode }, 'mode'),
              <span className="text-[13px] font-bold">{t('remote.ac.mode')}</span>,
              'h-12 w-16 rounded-2xl',
            )}
            {key(
              'fan',
              t('remote.ac.fanKey', { fan: fanText }),
              () => change({ fan: next(AC_FANS, state.fan) as AcFan }, 'fan'),
              <span className="text-[13px] font-bold">{t('remote.ac.fan')}</span>,
              'h-12 w-16 rounded-2xl',
            )}
          </div>
          <div className="flex w-20 flex-col items-center overflow-hidden rounded-full bg-[#2c2f35] ring-1 ring-black/40">
            {key(
              'temp-up',
              t('remote.ac.warmer'),
              () => change({ temperature: Math.min(AC_MAX_C, state.temperature + 1) }, 'temp-up'),
              <PlusIcon size={24} aria-hidden="true" />,
              'h-16 w-full rounded-t-full',
            )}
            <span
              className="py-2 text-[11px] font-bold tracking-wide text-zinc-200 uppercase"
              aria-hidden="true"
            >
              {t('remote.ac.temp')}
            </span>
            {key(
              'temp-down',
              t('remote.ac.cooler'),
              () => change({ temperature: Math.max(AC_MIN_C, state.temperature - 1) }, 'temp-down'),
              <MinusIcon size={24} aria-hidden="true" />,
              'h-16 w-full rounded-b-full',
            )}
          </div>
        </div>
      </section>
      <PressLine status={status} labelOf={labelOf} lineRef={lineRef} />
    </div>
  );
}
