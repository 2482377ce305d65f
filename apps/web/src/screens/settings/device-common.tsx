import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, ErrorState } from '../../components/home-ui.tsx';
import type { LiveAccess } from '../../data/live.ts';
import { paths } from '../../routes.ts';

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

/** Shown when the device is gone or no longer shared with the user (errorCode 3, or 404). */
export { useLiveFor } from '../../data/devices.ts';

export function DeviceGone() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid="device-gone">
      <ErrorState message={t('home.device.gone')} />
      <Button
        variant="secondary"
        className="mt-4 w-full"
        onClick={() => void navigate(paths.tab('dashboard'), { replace: true })}
      >
        {t('home.device.toDashboard')}
      </Button>
    </div>
  );
}
