import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { restoreTarget } from '../../components/account/navigation.ts';
import { useAuthStore } from '../../state/auth-store.ts';
import { LogoMark } from '../../ui/device-glyphs.tsx';

/**
 * splash (/): the brand while the app decides where to go. Logged in with a token, the saved
 * navigation state is restored; otherwise authenticate (spec sections 2 and 4).
 */
export default function SplashScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useAuthStore((s) => s.token);
  const isLoggedIn = useAuthStore((s) => s.isLoggedIn);
  useEffect(() => {
    navigate(restoreTarget(isLoggedIn && !!token), { replace: true });
  }, [navigate, isLoggedIn, token]);
  return (
    <div className="grid min-h-dvh place-items-center" data-testid="screen-splash">
      <div className="flex flex-col items-center gap-4">
        <LogoMark size={72} className="animate-pulse drop-shadow-md" />
        <span className="text-lg font-bold tracking-tight">{t('app.name')}</span>
      </div>
    </div>
  );
}
