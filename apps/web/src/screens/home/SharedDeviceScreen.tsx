import CheckIcon from 'lucide-react/icons/check';
import CircleAlertIcon from 'lucide-react/icons/circle-alert';
import EyeIcon from 'lucide-react/icons/eye';
import PowerIcon from 'lucide-react/icons/power';
import Share2Icon from 'lucide-react/icons/share-2';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useDeviceQuery } from '../../data/devices.ts';
import { errorText } from '../../data/errors.ts';
import { useFinalizeShare } from '../../data/shares.ts';
import { peekShareToken, rememberShareToken, takeShareToken } from '../../lib/pending-share.ts';
import { homePaths, paths } from '../../routes.ts';
import { useAuthStore } from '../../state/auth-store.ts';
import { Button } from '../../ui/Button.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';

/**
 * The `share/{token}` deep link (spec section 2). Logged in, it opens the SharedDevice screen; logged
 * out, it goes to authenticate and keeps the target, so login resumes it.
 */
export function ShareLinkRedirect() {
  const { token = '' } = useParams();
  const location = useLocation();
  const isLoggedIn = useAuthStore((s) => s.isLoggedIn);
  const target = homePaths.sharedDevice(token);
  if (isLoggedIn) return <Navigate to={target} replace />;
  rememberShareToken(token);
  return <Navigate to={paths.authenticate} replace state={{ from: target, via: location.pathname }} />;
}

/** SharedDevice (spec section 2): accept a device someone shared, then open it. */
export function SharedDeviceScreen() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const finalize = useFinalizeShare();
  const accepted = finalize.data;
  const device = useDeviceQuery(accepted?.deviceId ?? '', { enabled: !!accepted });

  // This screen is the pending link's destination: it is no longer pending once here.
  useEffect(() => {
    if (peekShareToken() === token) takeShareToken();
  }, [token]);

  return (
    <StackScreen title={t('home.accept.title')} testId="screen-shared-device">
      <div className="flex flex-col items-center rounded-3xl bg-surface px-6 pt-8 pb-6 text-center shadow-card ring-1 ring-line/60">
        {accepted ? (
          <div
            data-testid="share-accepted"
            data-scope={accepted.scope}
            className="flex flex-col items-center"
          >
            <span className="grid size-16 place-items-center rounded-full bg-success/15 text-success-text">
              <CheckIcon size={30} />
            </span>
            <p className="mt-4 text-lg font-semibold">{t('home.accept.done')}</p>
            <p className="mt-1 max-w-sm text-[15px] text-muted">
              {device.data ? (
                <>
                  <bdi className="font-semibold text-ink">{device.data.label}</bdi>{' '}
                </>
              ) : null}
              {accepted.scope === 'view' ? t('home.accept.doneView') : t('home.accept.doneControl')}
            </p>
            <span className="mt-3 inline-flex items-center gap-1.5 rounded-full bg-accent-soft px-3 py-1 text-[13px] font-medium text-accent-text">
              {accepted.scope === 'view' ? <EyeIcon size={14} /> : <PowerIcon size={14} />}
              {t(`home.share.scope_${accepted.scope}`)}
            </span>
            <Button
              className="mt-6 w-full"
              onClick={() => void navigate(paths.tab('dashboard'), { replace: true })}
              data-testid="open-dashboard"
            >
              {t('home.accept.open')}
            </Button>
          </div>
        ) : (
          <>
            <span
              className={`grid size-16 place-items-center rounded-full ${finalize.isError ? 'bg-danger-soft text-danger' : 'bg-accent-soft text-accent-text'}`}
            >
              {finalize.isError ? <CircleAlertIcon size={30} /> : <Share2Icon size={30} />}
            </span>
            <p className="mt-4 text-lg font-semibold">{t('home.accept.heading')}</p>
            <p className="mt-1 max-w-sm text-[15px] leading-relaxed text-muted">{t('home.accept.body')}</p>
            {finalize.isError ? (
              <p
                role="alert"
                className="mt-4 w-full rounded-2xl bg-danger-soft px-4 py-3 text-sm text-danger"
                data-testid="accept-error"
              >
                {errorText(finalize.error, t)}
              </p>
            ) : null}
            <div className="mt-6 flex w-full flex-col gap-2">
              <Button
                busy={finalize.isPending}
                onClick={() => finalize.mutate(token)}
                data-testid="accept-share"
              >
                {t('home.accept.accept')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => void navigate(paths.tab('dashboard'), { replace: true })}
              >
                {t('home.accept.decline')}
              </Button>
            </div>
          </>
        )}
      </div>
    </StackScreen>
  );
}
