import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../routes.ts';
import { Button } from '../ui/Button.tsx';
import { ErrorState } from '../ui/EmptyState.tsx';

/** Shown when the device is gone or no longer shared with the user (errorCode 3, or 404). */
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
