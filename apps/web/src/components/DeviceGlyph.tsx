import type { ModelProfile } from '@hestia/catalog';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { BulbIcon, CurtainIcon, DeviceIcon, PlugIcon } from './icons.tsx';
import { Spinner } from './Spinner.tsx';

const ICONS: Record<string, ComponentType<{ size?: number }>> = {
  switch: BulbIcon,
  plug: PlugIcon,
  curtain: CurtainIcon,
};

interface DeviceGlyphProps {
  profile: ModelProfile | undefined;
  active: boolean;
  offline: boolean;
}

/** The card's icon tile, chosen by the catalogue profile; a spinner while the profile is unknown. */
export function DeviceGlyph({ profile, active, offline }: DeviceGlyphProps) {
  const { t } = useTranslation();
  const Icon = profile ? (ICONS[profile.icon] ?? DeviceIcon) : null;
  const tone = offline
    ? 'bg-surface-2 text-muted grayscale'
    : active
      ? 'bg-accent-soft text-accent-text'
      : 'bg-surface-2 text-muted';
  return (
    <span
      className={`grid size-12 shrink-0 place-items-center rounded-2xl transition-colors ${tone}`}
      data-testid="device-icon"
      data-icon={profile?.icon ?? 'unknown'}
    >
      {Icon ? <Icon size={26} /> : <Spinner size={22} label={t('device.unknownProfile')} />}
    </span>
  );
}
