import { profiles } from '@hestia/catalog';
import CameraOffIcon from 'lucide-react/icons/camera-off';
import CircleAlertIcon from 'lucide-react/icons/circle-alert';
import ImageUpIcon from 'lucide-react/icons/image-up';
import { type ChangeEvent, type ComponentType, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Spinner } from '../../components/Spinner.tsx';
import { configPaths } from '../../routes.ts';
import { Button } from '../../ui/Button.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { qrReader } from './qr-reader.ts';
import { scanTarget } from './scan-target.ts';
import { useCameraScan } from './use-camera-scan.ts';

/** Why a scan or an upload did not lead to a model. */
type Refusal = 'noCode' | 'notHestia' | 'unknownModel' | 'readerFailed';
type Outcome = null | 'reading' | Refusal;

/**
 * configDeviceQrCode (spec section 2): the camera reads the device's QR code, or the user uploads a
 * picture of it. A code naming a model this app knows goes on to the pairing flow with its profile id;
 * anything else is refused in words, with a retry (docs/decisions/027).
 */
export function QrCodeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const take = (text: string) => {
    const target = scanTarget(text, profiles, window.location.host);
    if (target.kind === 'model') return void navigate(configPaths.autoOrManual(target.profileId));
    // Another of the app's links (a share code): its route, as if opened (decision 042).
    if (target.kind === 'route') return void navigate(target.path);
    setOutcome(target.kind);
  };
  const camera = useCameraScan(video, outcome === null, attempt, take);

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ''; // the same picture may be chosen again
    if (!file) return;
    setOutcome('reading');
    const reader = await qrReader().catch(() => null);
    if (!reader) return setOutcome('readerFailed');
    const bitmap = await createImageBitmap(file).catch(() => null);
    const [text] = bitmap ? await reader.read(bitmap).catch(() => []) : [];
    bitmap?.close();
    if (text === undefined) return setOutcome('noCode');
    take(text);
  };
  const retry = () => {
    setOutcome(null);
    setAttempt((n) => n + 1);
  };

  const cameraText =
    camera === 'denied'
      ? t('deviceChoose.qr.denied')
      : camera === 'noCamera'
        ? t('deviceChoose.qr.noCamera')
        : camera === 'readerFailed'
          ? t('deviceChoose.qr.readerFailed')
          : null;
  const refusal = outcome !== null && outcome !== 'reading' ? outcome : null;
  const busy = (camera === 'starting' && outcome === null) || outcome === 'reading';

  return (
    <StackScreen
      title={t('deviceChoose.qr.title')}
      backTo={configPaths.selectMode()}
      testId="screen-qr-code"
      slide="side"
    >
      <div className="relative mx-auto aspect-square w-full max-w-xs overflow-hidden rounded-3xl bg-[#0b0f14] shadow-card ring-1 ring-line">
        <video
          ref={video}
          muted
          playsInline
          aria-hidden
          className={`size-full object-cover ${camera === 'on' && outcome === null ? '' : 'invisible'}`}
        />
        {busy ? (
          <div className="absolute inset-0 grid place-items-center text-white/80">
            <Spinner
              size={32}
              label={outcome === 'reading' ? t('deviceChoose.qr.reading') : t('deviceChoose.qr.starting')}
            />
          </div>
        ) : refusal ? (
          <Message icon={CircleAlertIcon} role="alert" testId="qr-refusal" tone="text-[#ff8a8e]">
            {t(`deviceChoose.qr.${refusal}`)}
          </Message>
        ) : cameraText ? (
          <Message icon={CameraOffIcon} role="status" testId="qr-camera-problem" tone="text-white/80">
            {cameraText}
          </Message>
        ) : (
          // The frame a code is held inside, while the camera looks.
          <div
            aria-hidden
            className="pointer-events-none absolute inset-8 rounded-2xl border-2 border-dashed border-white/70"
          />
        )}
      </div>
      {refusal ? (
        <div className="mx-auto mt-5 flex max-w-md flex-wrap justify-center gap-2">
          <Button onClick={retry} data-testid="qr-retry">
            {t('deviceChoose.qr.retry')}
          </Button>
          <Button variant="secondary" onClick={() => void navigate(configPaths.categories())}>
            {t('deviceChoose.qr.useList')}
          </Button>
        </div>
      ) : cameraText ? null : (
        <p className="mx-auto mt-4 max-w-xs text-center text-[15px] text-muted">
          {t('deviceChoose.qr.hint')}
        </p>
      )}

      <label className="mx-auto mt-6 flex max-w-md cursor-pointer items-center gap-3 rounded-3xl bg-surface px-4 py-3 shadow-card ring-1 ring-line/60 transition-colors hover:bg-surface-2/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent-soft text-accent-text">
          <ImageUpIcon size={22} aria-hidden />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-[15px] font-medium">{t('deviceChoose.qr.upload')}</span>
          <span className="mt-0.5 block text-[13px] text-muted">{t('deviceChoose.qr.uploadHint')}</span>
        </span>
        <input
          type="file"
          accept="image/*"
          className="sr-only"
          data-testid="qr-upload"
          onChange={(e) => void upload(e)}
        />
      </label>
    </StackScreen>
  );
}

/** What the viewfinder says instead of the camera's picture: light text on its dark glass, any scheme. */
function Message(props: {
  icon: ComponentType<{ size?: number }>;
  role: 'alert' | 'status';
  testId: string;
  tone: string;
  children: ReactNode;
}) {
  const { icon: Icon, role, testId, tone, children } = props;
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-4 p-6 text-center">
      <span className={tone} aria-hidden>
        <Icon size={40} />
      </span>
      <p role={role} data-testid={testId} className="text-[15px] leading-relaxed text-white">
        {children}
      </p>
    </div>
  );
}
