import { useEffect, useMemo } from 'react';
import { Navigate, useLocation } from 'react-router';
import { sendInfoLog } from '../../data/error-reporter.ts';
import { appLinkTarget } from '../../lib/app-links.ts';
import { useAppSettingStore } from '../../state/app-setting-store.ts';
import NotFoundScreen from '../NotFoundScreen.tsx';

/**
 * `/open?link=…`: where a link of the app's scheme arrives (the installed app handles `web+hestia:`
 * links, the manifest's protocol handler, and the browser passes the whole link here). The link's
 * prefix is dropped and the route of the path after it opens, as if tapped in the app; a link that is
 * not the app's shows the not-found screen. A config link's `info-logs` value is sent as an info log.
 */
export default function OpenLinkScreen() {
  const { search } = useLocation();
  const target = useMemo(() => {
    const link = new URLSearchParams(search).get('link') ?? '';
    return appLinkTarget(link, { ownHost: window.location.host });
  }, [search]);
  useEffect(() => {
    if (target?.infoLogs)
      sendInfoLog(target.infoLogs, () => useAppSettingStore.getState().hashedClientId || undefined);
  }, [target]);
  if (!target) return <NotFoundScreen />;
  return <Navigate to={target.path} replace />;
}
