import { REMOTE_CATEGORIES, type RemoteCategory } from '@hestia/ir';
import FanIcon from 'lucide-react/icons/fan';
import ProjectorIcon from 'lucide-react/icons/projector';
import RadioIcon from 'lucide-react/icons/radio';
import SnowflakeIcon from 'lucide-react/icons/snowflake';
import SpeakerIcon from 'lucide-react/icons/speaker';
import TvIcon from 'lucide-react/icons/tv';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { RemoteIcon } from '../../ui/device-glyphs.tsx';

export const CATEGORY_ICONS: Record<RemoteCategory['key'], ComponentType<{ size?: number }>> = {
  tv: TvIcon,
  air_conditioner: SnowflakeIcon,
  set_top_box: RadioIcon,
  projector: ProjectorIcon,
  audio: SpeakerIcon,
  fan: FanIcon,
};

export const categoryKeyOf = (id: number | null | undefined) =>
  REMOTE_CATEGORIES.find((c) => c.id === id)?.key;

/** A remote category's name in the user's language, and its icon; a custom remote without one is 'Custom remote'. */
export function useCategoryText() {
  const { t } = useTranslation();
  return {
    name: (id: number | null | undefined, fallback?: string | null) => {
      const key = categoryKeyOf(id);
      return key
        ? t(`remote.categories.${key}` as 'remote.categories.tv')
        : (fallback ?? t('remote.list.custom'));
    },
    icon: (id: number | null | undefined) => {
      const key = categoryKeyOf(id);
      return key ? CATEGORY_ICONS[key] : RemoteIcon;
    },
  };
}
