import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import pkg from '../../../package.json';
import { api } from '../../data/api.ts';
import { saveBlob } from '../../data/telemetry-history.ts';
import { formatNumber } from '../../lib/format.ts';
import { useSaveLoginStore } from '../../state/save-login-store.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { toast } from '../../ui/Toast.tsx';
import { DISMISSED_KEY, megabytes, offersUpdate, sha256Hex } from './app-update.ts';
import { FORCE_UPDATE } from './ForcedUpdate.tsx';

function readDismissed(): string | null {
  try {
    return localStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/**
 * The app-update modal (spec section 7, `files/app/info`; docs/decisions/042): when the server
 * publishes an app package newer than this app, the signed-in user is offered it with its version and
 * size. Download fetches `files/app/donwload` and checks its SHA-256 against the one announced before
 * handing it over; Later puts this version off (a newer one asks again), except in a build with the
 * forced update on (VITE_FORCE_UPDATE, spec: off by default). No package published (404): nothing.
 */
export function AppUpdateModal() {
  const { t, i18n } = useTranslation();
  const [dismissed, setDismissed] = useState(readDismissed);
  const [busy, setBusy] = useState(false);
  const info = useQuery({
    queryKey: ['app-package-info'],
    queryFn: () => api.call('appInfo', {}),
    retry: false,
    staleTime: 60 * 60_000,
  }).data;
  // One question at a time: right after a login the save-login sheet asks first, then this.
  const saveLoginAsking = useSaveLoginStore((s) => s.pending !== null);
  if (!info || saveLoginAsking || !offersUpdate(info, pkg.version, dismissed)) return null;

  const later = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, info.version);
    } catch {
      // Private mode: it is put off for this page only.
    }
    setDismissed(info.version);
  };
  const download = async () => {
    setBusy(true);
    try {
      const file = await api.call('appDownload', {});
      if (!file) throw new Error('no package');
      if ((await sha256Hex(file.blob)) !== info.sha256) {
        toast.error(t('shell.appUpdate.checksum'), { id: 'app-update' });
        return;
      }
      saveBlob(file.blob, file.fileName ?? info.fileName);
      later();
    } catch {
      toast.error(t('errors.INTERNAL'), { id: 'app-update' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={FORCE_UPDATE ? () => undefined : later}
      title={t('shell.appUpdate.title')}
      testId="app-update"
      actions={
        <>
          <Button shape="block" busy={busy} onClick={() => void download()} data-testid="app-update-download">
            {t('shell.appUpdate.download')}
          </Button>
          {FORCE_UPDATE ? null : (
            <Button shape="block" variant="ghost" onClick={later} data-testid="app-update-later">
              {t('shell.appUpdate.later')}
            </Button>
          )}
        </>
      }
    >
      <p className="text-[15px]">
        {t('shell.appUpdate.body', {
          version: info.version,
          size: formatNumber(megabytes(info.size), i18n.language),
        })}
      </p>
    </Dialog>
  );
}
