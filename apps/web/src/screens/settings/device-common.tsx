import { useTranslation } from 'react-i18next';
import type { LiveAccess } from '../../data/live.ts';

/** The access a user holds, in words (decision 007). */
export function useAccessText() {
  const { t } = useTranslation();
  return (access: LiveAccess) =>
    access === 'owner'
      ? t('home.access.owner')
      : access === 'control'
        ? t('home.access.control')
        : access === 'view'
          ? t('home.access.view')
          : t('home.access.none');
}

export { DeviceGone } from '../../components/DeviceGone.tsx';
export { useLiveFor } from '../../data/devices.ts';
