import { profiles } from '@hestia/catalog';
import SearchXIcon from 'lucide-react/icons/search-x';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { configPaths, paths } from '../../routes.ts';
import { useAuthStore } from '../../state/auth-store.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { type DeviceLink, resolveDeviceLink } from './device-link.ts';

/**
 * A `pid/{profileId}` or `{factory}/{model}` link opened from outside (spec section 2, links): a model
 * this app knows goes to the pairing flow, through login when logged out (as share links do); an
 * unknown one says so instead of a blank page.
 */
function DeviceLinkRedirect({ link }: { link: DeviceLink }) {
  const isLoggedIn = useAuthStore((s) => s.isLoggedIn);
  const profileId = resolveDeviceLink(link, profiles);
  if (!profileId) return <UnknownDeviceLink />;
  const target = configPaths.autoOrManual(profileId);
  if (isLoggedIn) return <Navigate to={target} replace />;
  return <Navigate to={paths.authenticate} replace state={{ from: target }} />;
}

/** `/pid/:profileId`. */
export function ProfileLinkScreen() {
  const { profileId = '' } = useParams();
  return <DeviceLinkRedirect link={{ kind: 'pid', profileId: profileId.toLowerCase() }} />;
}

/** `/{factory}/:model`, one route per factory (factories.ts). */
export function FactoryLinkScreen({ factory }: { factory: string }) {
  const { model = '' } = useParams();
  return <DeviceLinkRedirect link={{ kind: 'factory', factory, model: model.toLowerCase() }} />;
}

function UnknownDeviceLink() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <StackScreen
      title={t('deviceChoose.link.title')}
      backTo={paths.tab('dashboard')}
      testId="screen-device-link"
    >
      <div data-testid="unknown-device-link">
        <EmptyState
          icon={SearchXIcon}
          title={t('deviceChoose.link.unknown')}
          body={t('deviceChoose.link.unknownHint')}
          action={
            <Button onClick={() => void navigate(configPaths.selectMode())}>
              {t('deviceChoose.link.choose')}
            </Button>
          }
        />
      </div>
    </StackScreen>
  );
}
