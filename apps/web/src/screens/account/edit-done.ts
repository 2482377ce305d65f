import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { accountPaths } from '../../routes.ts';
import { toast } from '../../ui/Toast.tsx';

/** After a profile edit is saved: say so, and go back to the profile. */
export function useDone() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return () => {
    toast.success(t('account.editProfile.saved'));
    // Back to the profile this screen was opened from; opened directly, the profile replaces it.
    if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) navigate(-1);
    else navigate(accountPaths.profile, { replace: true });
  };
}
