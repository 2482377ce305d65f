import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDeviceQuery } from '../../data/devices.ts';
import { controlPaths } from '../../routes/control-paths.ts';
import { StackScreen } from '../../ui/StackScreen.tsx';
import type { PanelProps } from '../control/panels.ts';
import { RemoteList } from './RemoteList.tsx';

/** device-remote-list: the remotes on one IR blaster. */
export function DeviceRemoteListScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const device = useDeviceQuery(id).data;
  return (
    <StackScreen
      title={device ? t('remote.list.titleOf', { name: device.label }) : t('remote.list.title')}
      backTo={controlPaths.device(id, device?.deviceProfileId)}
      testId="screen-remote-list"
      slide="side"
    >
      <RemoteList deviceId={id} />
    </StackScreen>
  );
}

/** The IR blaster's control panel (issue 23): its remotes, each opening the remote drawn like the real one. */
export default function IrBlasterPanel({ deviceId }: PanelProps) {
  const { t } = useTranslation();
  return (
    <section data-testid="ir-blaster-panel" aria-labelledby="ir-remotes-heading">
      <h2 id="ir-remotes-heading" className="mb-3 px-1 text-sm font-semibold text-muted">
        {t('remote.list.title')}
      </h2>
      <RemoteList deviceId={deviceId} />
    </section>
  );
}
