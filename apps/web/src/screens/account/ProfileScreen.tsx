import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from '@hestia/contract';
import CameraIcon from 'lucide-react/icons/camera';
import UserIcon from 'lucide-react/icons/user';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../components/Spinner.tsx';
import { useProfileImageQuery, useProfileQuery, useUploadProfileImage } from '../../data/account.ts';
import { accountErrorText } from '../../data/account-errors.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { localeDigits } from '../../lib/digits.ts';
import { accountPaths, type EditProfileType } from '../../routes.ts';
import { FormAlert } from '../../ui/FormAlert.tsx';
import { ChevronEndIcon } from '../../ui/icons.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { CARD } from '../../ui/styles.ts';
import { toast } from '../../ui/Toast.tsx';

function Avatar({ src, size }: { src: string | null | undefined; size: number }) {
  return src ? (
    <img src={src} alt="" width={size} height={size} className="size-full rounded-full object-cover" />
  ) : (
    <span className="grid size-full place-items-center rounded-full bg-accent-soft text-accent-text">
      <UserIcon size={size / 2.2} />
    </span>
  );
}

/** Pick, preview, then upload a profile image (PNG, JPEG or WebP up to 1 MB, checked here first). */
function PhotoPicker() {
  const { t } = useTranslation();
  const image = useProfileImageQuery();
  const upload = useUploadProfileImage();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type))
      return setProblem(t('account.profile.photoType'));
    if (file.size > PROFILE_IMAGE_MAX_BYTES) return setProblem(t('account.profile.photoSize'));
    setProblem(null);
    upload.reset();
    setPreview({ file, url: URL.createObjectURL(file) });
  };

  return (
    <div className="flex flex-col items-center">
      <button
        type="button"
        onClick={() => input.current?.click()}
        aria-label={t('account.profile.changePhoto')}
        data-testid="profile-photo"
        className="group relative size-28 rounded-full ring-4 ring-surface shadow-card"
      >
        <Avatar src={preview?.url ?? image.data} size={112} />
        <span className="absolute end-0 bottom-0 grid size-10 place-items-center rounded-full bg-accent text-on-accent shadow-card ring-4 ring-bg transition group-hover:brightness-105">
          <CameraIcon size={18} />
        </span>
      </button>
      <input
        ref={input}
        type="file"
        accept={PROFILE_IMAGE_TYPES.join(',')}
        onChange={onPick}
        className="sr-only"
        data-testid="profile-photo-input"
        tabIndex={-1}
        aria-hidden="true"
      />
      {preview ? (
        <div className="mt-4 flex gap-2">
          <button
            type="button"
            data-testid="profile-photo-save"
            disabled={upload.isPending}
            onClick={() =>
              upload.mutate(preview.file, {
                onSuccess: () => {
                  setPreview(null);
                  toast.success(t('account.profile.photoSaved'));
                },
              })
            }
            className="flex min-h-11 items-center gap-2 rounded-xl bg-accent px-4 text-sm font-semibold text-on-accent"
          >
            {upload.isPending ? <Spinner size={16} /> : null}
            {t('account.profile.savePhoto')}
          </button>
          <button
            type="button"
            onClick={() => setPreview(null)}
            className="min-h-11 rounded-xl bg-surface px-4 text-sm font-semibold ring-1 ring-line"
          >
            {t('account.common.cancel')}
          </button>
        </div>
      ) : null}
      {problem || upload.isError ? (
        <div className="mt-3 w-full">
          <FormAlert>{problem ?? accountErrorText(upload.error, t)}</FormAlert>
        </div>
      ) : null}
    </div>
  );
}

function Row({
  label,
  value,
  to,
  testId,
}: {
  label: string;
  value: string | null;
  to: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <li>
      <Link
        to={to}
        data-testid={testId}
        className="flex min-h-16 items-center gap-3 px-5 py-3 transition-colors hover:bg-surface-2/60"
      >
        <span className="min-w-0 flex-1">
          <span className="block text-xs font-medium text-muted">{label}</span>
          <span className={`block truncate text-[15px] font-medium ${value ? '' : 'text-muted'}`}>
            {value ? <bdi>{value}</bdi> : t('account.common.notSet')}
          </span>
        </span>
        <ChevronEndIcon size={18} className="text-muted" />
      </Link>
    </li>
  );
}

/** profile: the account's photo, name, contacts and time zone; each row opens edit-profile. */
export default function ProfileScreen() {
  const { t } = useTranslation();
  const lng = currentLanguage();
  const profile = useProfileQuery();
  const p = profile.data;
  const edit = (type: EditProfileType) =>
    accountPaths.editProfile({
      type,
      name: p?.firstName ?? '',
      lastName: p?.lastName ?? '',
      ...(p?.email ? { email: p.email } : {}),
      ...(p?.phone ? { phone: p.phone } : {}),
    });
  const fullName = p ? `${p.firstName} ${p.lastName}`.trim() : '';

  return (
    <StackScreen
      backTo="/bottom-tab-bar-navigator/setting"
      title={t('account.profile.title')}
      slide="bottom"
      testId="screen-profile"
    >
      {profile.isError ? (
        <div className="mt-6">
          <FormAlert>{accountErrorText(profile.error, t)}</FormAlert>
        </div>
      ) : !p ? (
        <div className="grid h-60 place-items-center">
          <Spinner label={t('common.loading')} />
        </div>
      ) : (
        <>
          <div className="mt-4 flex flex-col items-center">
            <PhotoPicker />
            <p className="mt-4 text-xl font-bold" data-testid="profile-name">
              {fullName || t('account.profile.nameless')}
            </p>
            {p.email || p.phone ? (
              <p className="mt-0.5 text-sm text-muted">
                <bdi dir="ltr">{p.email ?? localeDigits(p.phone ?? '', lng)}</bdi>
              </p>
            ) : null}
          </div>
          <ul className={`mt-8 divide-y divide-line overflow-hidden ${CARD}`}>
            <Row
              label={t('account.profile.name')}
              value={fullName || null}
              to={edit('name')}
              testId="edit-name"
            />
            <Row label={t('account.profile.email')} value={p.email} to={edit('email')} testId="edit-email" />
            <Row
              label={t('account.profile.phone')}
              value={p.phone ? localeDigits(p.phone, lng) : null}
              to={edit('phone')}
              testId="edit-phone"
            />
            <Row
              label={t('account.profile.timeZone')}
              value={p.timeZone}
              to={edit('timeZone')}
              testId="edit-time-zone"
            />
          </ul>
        </>
      )}
    </StackScreen>
  );
}
