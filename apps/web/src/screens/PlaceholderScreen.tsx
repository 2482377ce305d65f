import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { AutomationIcon, DevicesIcon, HeartIcon } from '../components/icons.tsx';
import { PageHeader } from '../components/PageHeader.tsx';

export type PlaceholderSection = 'automation' | 'devices' | 'favoriteDevices';

const ICONS: Record<PlaceholderSection, ComponentType<{ size?: number }>> = {
  automation: AutomationIcon,
  devices: DevicesIcon,
  favoriteDevices: HeartIcon,
};

/** A tab whose screens later issues build; says what will live here. */
export default function PlaceholderScreen({ section }: { section: PlaceholderSection }) {
  const { t } = useTranslation();
  const Icon = ICONS[section];
  return (
    <div className="mx-auto max-w-6xl px-4 sm:px-6" data-testid={`screen-${section}`}>
      <PageHeader title={t(`${section}.title`)} />
      <div className="mt-6 flex flex-col items-center rounded-3xl bg-surface px-6 py-14 text-center shadow-card ring-1 ring-line/60">
        <span className="grid size-16 place-items-center rounded-full bg-accent-soft text-accent-text">
          <Icon size={30} />
        </span>
        <p className="mt-5 text-base font-semibold">{t('common.comingSoon')}</p>
        <p className="mt-1.5 max-w-sm text-sm text-muted">{t(`${section}.body`)}</p>
      </div>
    </div>
  );
}
