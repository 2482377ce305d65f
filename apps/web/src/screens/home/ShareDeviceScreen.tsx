import CopyIcon from 'lucide-react/icons/copy';
import EyeIcon from 'lucide-react/icons/eye';
import ImageIcon from 'lucide-react/icons/image';
import PowerIcon from 'lucide-react/icons/power';
import QrCodeIcon from 'lucide-react/icons/qr-code';
import UsersIcon from 'lucide-react/icons/users';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDeviceQuery } from '../../data/devices.ts';
import { errorText } from '../../data/errors.ts';
import { useDeviceAccess } from '../../data/live.ts';
import { useCreateShare } from '../../data/shares.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { formatDateTime } from '../../lib/date-format.ts';
import { homePaths } from '../../routes.ts';
import { Button } from '../../ui/Button.tsx';
import { ErrorState, LoadingBlock } from '../../ui/EmptyState.tsx';
import { SendIcon } from '../../ui/icons.tsx';
import { Row } from '../../ui/Row.tsx';
import { Section } from '../../ui/Section.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { toast } from '../../ui/Toast.tsx';
import { DeviceGone } from './DeviceSettingScreen.tsx';

type Scope = 'control' | 'view';

/** A PNG of the QR code, drawn once per link; dark modules on white so any camera reads it. */
function useQrDataUrl(text: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!text) return setUrl(null);
    let live = true;
    QRCode.toDataURL(text, {
      width: 640,
      margin: 2,
      errorCorrectionLevel: 'M',
      color: { dark: '#0f1b24', light: '#ffffff' },
    }).then(
      (data) => live && setUrl(data),
      (err: unknown) => console.error('QR code could not be drawn', err),
    );
    return () => {
      live = false;
    };
  }, [text]);
  return url;
}

async function dataUrlToFile(dataUrl: string, name: string): Promise<File> {
  const blob = await (await fetch(dataUrl)).blob();
  return new File([blob], name, { type: 'image/png' });
}

/** share-device [id] (spec section 2): a one-time invitation as QR code, link, sent link or QR image. */
export function ShareDeviceScreen() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const device = useDeviceQuery(id);
  const access = useDeviceAccess(device.data ?? { id, access: 'owner' });
  const [scope, setScope] = useState<Scope>('control');
  const create = useCreateShare(id);
  const invite = create.data;
  const link = invite ? new URL(invite.link, window.location.origin).toString() : null;
  const qr = useQrDataUrl(link);
  const name = device.data?.label ?? '';
  const canWebShare = typeof navigator.share === 'function';
  const expires = invite ? formatDateTime(new Date(invite.tokenExpiresAt), currentLanguage()) : '';

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t('home.share.copied'));
    } catch {
      toast.error(t('home.share.copyFailed'));
    }
  };
  const sendLink = async () => {
    if (!link) return;
    if (!canWebShare) return copy();
    try {
      await navigator.share({
        title: t('home.share.sendTitle', { name }),
        text: t('home.share.sendText', { name }),
        url: link,
      });
    } catch (err) {
      if ((err as Error).name !== 'AbortError') toast.error(t('home.share.sendFailed'));
    }
  };
  const sendImage = async () => {
    if (!qr) return;
    const file = await dataUrlToFile(qr, `hestia-${name || 'device'}.png`);
    if (canWebShare && navigator.canShare?.({ files: [file] })) {
      try {
        await navigator.share({ files: [file], title: t('home.share.sendTitle', { name }) });
        return;
      } catch (err) {
        if ((err as Error).name === 'AbortError') return;
      }
    }
    // No file sharing here (most desktops): save the image instead.
    const a = document.createElement('a');
    a.href = qr;
    a.download = file.name;
    a.click();
    toast.success(t('home.share.saved'));
  };

  if (access === 'none' || (device.isError && !device.data))
    return (
      <StackScreen title={t('home.share.title')}>
        <DeviceGone />
      </StackScreen>
    );

  return (
    <StackScreen
      title={t('home.share.title')}
      testId="screen-share-device"
      backTo={homePaths.deviceSetting(id)}
    >
      {!device.data ? (
        <LoadingBlock />
      ) : access !== 'owner' ? (
        <ErrorState message={t('errors.SHARING_NOT_ALLOWED')} />
      ) : !invite ? (
        <>
          <p className="mb-5 px-1 text-[15px] leading-relaxed text-muted">
            {t('home.share.intro', { name })}
          </p>
          <fieldset className="mb-6">
            <legend className="mb-2 px-1 text-[13px] font-semibold tracking-wide text-muted uppercase">
              {t('home.share.scope')}
            </legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {(['control', 'view'] as const).map((s) => {
                const Icon = s === 'control' ? PowerIcon : EyeIcon;
                const checked = scope === s;
                return (
                  <label
                    key={s}
                    className={`flex cursor-pointer items-start gap-3 rounded-3xl bg-surface p-4 shadow-card ring-2 transition-colors ${
                      checked ? 'ring-accent' : 'ring-line/60'
                    }`}
                  >
                    <input
                      type="radio"
                      name="scope"
                      value={s}
                      checked={checked}
                      onChange={() => setScope(s)}
                      className="sr-only"
                      data-testid={`scope-${s}`}
                    />
                    <span
                      className={`grid size-10 shrink-0 place-items-center rounded-2xl ${checked ? 'bg-accent text-on-accent' : 'bg-surface-2 text-muted'}`}
                    >
                      <Icon size={20} />
                    </span>
                    <span>
                      <span className="block font-semibold">{t(`home.share.scope_${s}`)}</span>
                      <span className="mt-0.5 block text-[13px] leading-snug text-muted">
                        {t(`home.share.scope_${s}_hint`)}
                      </span>
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
          {create.isError ? (
            <p role="alert" className="mb-4 rounded-2xl bg-danger-soft px-4 py-3 text-sm text-danger">
              {errorText(create.error, t)}
            </p>
          ) : null}
          <Button
            className="w-full"
            icon={QrCodeIcon}
            busy={create.isPending}
            onClick={() => create.mutate({ scope })}
            data-testid="create-share"
          >
            {t('home.share.create')}
          </Button>
          <div className="mt-6">
            <Section>
              <Row
                icon={UsersIcon}
                title={t('home.users.title')}
                subtitle={t('home.users.subtitle')}
                to={homePaths.commonUsers(id)}
              />
            </Section>
          </div>
        </>
      ) : (
        <>
          <div className="flex flex-col items-center rounded-3xl bg-surface px-5 pt-6 pb-5 text-center shadow-card ring-1 ring-line/60">
            <div className="rounded-3xl bg-white p-3 ring-1 ring-line">
              {qr ? (
                <img
                  src={qr}
                  alt={t('home.share.qrAlt', { name })}
                  width={220}
                  height={220}
                  className="size-[220px]"
                  data-testid="share-qr"
                />
              ) : (
                <div className="size-[220px]" />
              )}
            </div>
            <p className="mt-4 font-semibold">{t('home.share.scanTitle')}</p>
            <p className="mt-1 max-w-sm text-[13px] leading-relaxed text-muted">
              {t('home.share.scanHint', { scope: t(`home.share.scope_${invite.scope}`), date: expires })}
            </p>
            <div className="mt-4 flex w-full items-center gap-2 rounded-2xl bg-surface-2 p-1.5 ps-4">
              <code
                dir="ltr"
                className="min-w-0 flex-1 truncate text-start text-[13px]"
                data-testid="share-link"
              >
                {link}
              </code>
              <button
                type="button"
                onClick={() => void copy()}
                aria-label={t('home.share.copy')}
                data-testid="copy-link"
                className="grid size-11 shrink-0 place-items-center rounded-xl bg-surface text-ink shadow-card"
              >
                <CopyIcon size={20} />
              </button>
            </div>
          </div>
          <div className="mt-4 flex flex-wrap gap-3">
            <Button
              variant="primary"
              icon={SendIcon}
              onClick={() => void sendLink()}
              data-testid="send-link"
              className="flex-1 px-4"
              nowrap
            >
              {t('home.share.sendLink')}
            </Button>
            <Button
              variant="secondary"
              icon={ImageIcon}
              onClick={() => void sendImage()}
              disabled={!qr}
              data-testid="send-qr"
              className="flex-1 px-4"
              nowrap
            >
              {t('home.share.sendQr')}
            </Button>
          </div>
          <p className="mt-4 px-1 text-center text-[13px] text-muted">{t('home.share.oneTime')}</p>
          <div className="mt-6">
            <Section>
              <Row
                icon={UsersIcon}
                title={t('home.users.title')}
                subtitle={t('home.users.subtitle')}
                to={homePaths.commonUsers(id)}
              />
            </Section>
            <Button variant="ghost" className="w-full" onClick={() => create.reset()}>
              {t('home.share.another')}
            </Button>
          </div>
        </>
      )}
    </StackScreen>
  );
}
