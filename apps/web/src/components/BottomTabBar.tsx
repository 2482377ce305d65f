import HeartIcon from 'lucide-react/icons/heart';
import HouseIcon from 'lucide-react/icons/house';
import LayoutGridIcon from 'lucide-react/icons/layout-grid';
import SlidersHorizontalIcon from 'lucide-react/icons/sliders-horizontal';
import ZapIcon from 'lucide-react/icons/zap';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths, TABS, type TabName } from '../routes.ts';

const ICONS: Record<TabName, ComponentType<{ size?: number }>> = {
  dashboard: HouseIcon,
  setting: SlidersHorizontalIcon,
  automation: ZapIcon,
  devices: LayoutGridIcon,
  favoriteDevices: HeartIcon,
};

/**
 * The five tabs. Spec: 59 px high (plus the device's safe area), full width, 75% on XL and 50% on 2XL
 * screens, centred; hidden while the on-screen keyboard is open.
 */
export function BottomTabBar({ hidden }: { hidden: boolean }) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('tabs.label')}
      hidden={hidden}
      data-testid="bottom-tab-bar"
      className="fixed inset-x-0 bottom-0 z-30 mx-auto w-full border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] shadow-bar backdrop-blur-md xl:w-3/4 xl:rounded-t-3xl xl:border-x 2xl:w-1/2"
    >
      <ul className="flex h-[59px] items-stretch">
        {TABS.map((tab) => {
          const Icon = ICONS[tab];
          return (
            <li key={tab} className="flex flex-1">
              <NavLink
                to={paths.tab(tab)}
                data-testid={`tab-${tab}`}
                className={({ isActive }) =>
                  `group flex min-w-0 flex-1 flex-col items-center justify-center gap-0.5 text-[11px] leading-tight font-medium transition-colors ${
                    isActive ? 'text-accent-text' : 'text-muted hover:text-ink'
                  }`
                }
              >
                {({ isActive }) => (
                  <>
                    <span
                      className={`grid h-7 w-12 place-items-center rounded-full transition-colors ${
                        isActive ? 'bg-accent-soft' : ''
                      }`}
                    >
                      <Icon size={22} />
                    </span>
                    <span className="max-w-full truncate px-1">{t(`tabs.${tab}`)}</span>
                  </>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
