import ChevronDownIcon from 'lucide-react/icons/chevron-down';
import ChevronLeftIcon from 'lucide-react/icons/chevron-left';
import ChevronRightIcon from 'lucide-react/icons/chevron-right';
import ChevronUpIcon from 'lucide-react/icons/chevron-up';
import FastForwardIcon from 'lucide-react/icons/fast-forward';
import HouseIcon from 'lucide-react/icons/house';
import InfoIcon from 'lucide-react/icons/info';
import LogOutIcon from 'lucide-react/icons/log-out';
import MenuIcon from 'lucide-react/icons/menu';
import MinusIcon from 'lucide-react/icons/minus';
import PauseIcon from 'lucide-react/icons/pause';
import PlayIcon from 'lucide-react/icons/play';
import PlusIcon from 'lucide-react/icons/plus';
import PowerIcon from 'lucide-react/icons/power';
import RewindIcon from 'lucide-react/icons/rewind';
import SkipBackIcon from 'lucide-react/icons/skip-back';
import SkipForwardIcon from 'lucide-react/icons/skip-forward';
import SquareIcon from 'lucide-react/icons/square';
import TvIcon from 'lucide-react/icons/tv';
import Undo2Icon from 'lucide-react/icons/undo-2';
import VolumeXIcon from 'lucide-react/icons/volume-x';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { Rocker } from './button-layout.ts';
import { type PressStatus, useDigitFace } from './press.ts';

/**
 * The parts of a drawn remote (issue 23). The face is a physical object: it keeps one look in light
 * and dark (a graphite body, as most remotes are) and its left-to-right order in every language
 * (docs/decisions/046).
 */
type IconT = ComponentType<{ size?: number; className?: string }>;

/** The icon printed on a key, when the key has one. */
export const KEY_ICONS: Record<string, IconT> = {
  power: PowerIcon,
  power_on: PowerIcon,
  power_off: PowerIcon,
  mute: VolumeXIcon,
  input: TvIcon,
  source: TvIcon,
  source_info: InfoIcon,
  up: ChevronUpIcon,
  down: ChevronDownIcon,
  left: ChevronLeftIcon,
  right: ChevronRightIcon,
  menu: MenuIcon,
  home: HouseIcon,
  back: Undo2Icon,
  exit: LogOutIcon,
  previous: SkipBackIcon,
  rewind: RewindIcon,
  play: PlayIcon,
  pause: PauseIcon,
  stop: SquareIcon,
  forward: FastForwardIcon,
  next: SkipForwardIcon,
};

const FOCUS =
  'outline-none focus-visible:ring-2 focus-visible:ring-sky-300 focus-visible:ring-offset-2 focus-visible:ring-offset-[#1b1d22]';
/** A key's face: raised, pressed in while held or while its press is on its way. */
export const KEY = `grid select-none place-items-center bg-[#383b43] text-white shadow-[inset_0_1px_0_rgba(255,255,255,0.12),0_2px_0_rgba(0,0,0,0.45)] transition-[transform,background-color,box-shadow] duration-100 active:translate-y-0.5 active:bg-[#4a4e58] active:shadow-none data-[pressed=true]:translate-y-0.5 data-[pressed=true]:bg-[#4a4e58] data-[pressed=true]:shadow-none ${FOCUS}`;

export interface KeyProps {
  name: string;
  label: string;
  onPress(name: string): void;
  status: PressStatus;
  className?: string;
  /** Show the label as text even when the key has an icon. */
  text?: boolean;
  small?: boolean;
}

/** One key of the remote: its icon or its label, the label always its accessible name. */
export function Key({ name, label, onPress, status, className = '', text = false, small = false }: KeyProps) {
  const Icon = text ? undefined : KEY_ICONS[name];
  const face = useDigitFace()(name) ?? label;
  const power = name.startsWith('power');
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      data-testid={`remote-key-${name}`}
      data-pressed={status.button === name && status.state === 'sending'}
      onClick={() => onPress(name)}
      className={`${KEY} ${power ? 'bg-[#c81e34] active:bg-[#a3182a] data-[pressed=true]:bg-[#a3182a]' : ''} ${className}`}
    >
      {Icon ? (
        <Icon size={small ? 18 : 22} aria-hidden="true" />
      ) : (
        <span className={`px-1 leading-tight font-semibold ${small ? 'text-[12px]' : 'text-[17px]'}`}>
          {face}
        </span>
      )}
    </button>
  );
}

/** A volume, channel, speed or input rocker: up on top, down below, its name between. */
export function RockerKey({
  rocker,
  labelOf,
  onPress,
  status,
}: {
  rocker: Rocker;
  labelOf(name: string): string;
  onPress(name: string): void;
  status: PressStatus;
}) {
  const { t } = useTranslation();
  const half = (name: string | undefined, Icon: IconT, edge: string) =>
    name ? (
      <button
        type="button"
        aria-label={labelOf(name)}
        title={labelOf(name)}
        data-testid={`remote-key-${name}`}
        data-pressed={status.button === name && status.state === 'sending'}
        onClick={() => onPress(name)}
        className={`${KEY} h-14 w-full ${edge}`}
      >
        <Icon size={22} aria-hidden="true" />
      </button>
    ) : (
      <span className={`h-14 w-full bg-[#2c2f35] ${edge}`} />
    );
  return (
    <div className="flex w-16 flex-col items-center overflow-hidden rounded-full bg-[#2c2f35] ring-1 ring-black/40">
      {half(rocker.up, PlusIcon, 'rounded-t-full')}
      <span className="py-1.5 text-[11px] font-bold tracking-wide text-zinc-200 uppercase" aria-hidden="true">
        {t(`remote.rockers.${rocker.kind}` as 'remote.rockers.vol')}
      </span>
      {half(rocker.down, MinusIcon, 'rounded-b-full')}
    </div>
  );
}

/** The infrared emitter at the remote's tip: lit while a press goes out, green when sent, red when refused. */
export function Emitter({ status }: { status: PressStatus }) {
  const colour =
    status.state === 'sending'
      ? 'bg-amber-400 shadow-[0_0_12px_2px_rgba(251,191,36,0.8)]'
      : status.state === 'sent'
        ? 'bg-emerald-400 shadow-[0_0_12px_2px_rgba(52,211,153,0.8)]'
        : status.state === 'error'
          ? 'bg-rose-500 shadow-[0_0_12px_2px_rgba(244,63,94,0.8)]'
          : 'bg-[#4b1d24]';
  return (
    <div className="mb-5 flex justify-center" aria-hidden="true">
      <span
        data-testid="remote-emitter"
        data-state={status.state}
        className={`h-2.5 w-8 rounded-full transition-colors ${colour}`}
      />
    </div>
  );
}
