import { changePasswordBodySchema, type Session } from '@hestia/contract';
import KeyRoundIcon from 'lucide-react/icons/key-round';
import LaptopIcon from 'lucide-react/icons/laptop';
import SmartphoneIcon from 'lucide-react/icons/smartphone';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import { useChangePassword, useSessionsQuery, useTerminateSession } from '../../data/account.ts';
import { accountErrorText } from '../../data/account-errors.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { validateChangePassword } from '../../lib/account-validation.ts';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { formatDateTime, formatRelative } from '../../lib/date-format.ts';
import { localeDigits } from '../../lib/digits.ts';
import { PrimaryButton } from '../../ui/Button.tsx';
import { FormAlert, FormSuccess } from '../../ui/FormAlert.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { CARD } from '../../ui/styles.ts';
import { PasswordField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/Toast.tsx';

interface PasswordForm {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}

/** The contract's body of a password change, checked after the app's own rules (lib/account-validation). */
const passwordResolver = contractResolver<PasswordForm>(
  changePasswordBodySchema,
  ({ currentPassword, newPassword }) => ({ currentPassword, newPassword }),
  ({ currentPassword, newPassword, confirm }) => {
    const errors = validateChangePassword({ current: currentPassword, next: newPassword, confirm });
    return { currentPassword: errors.current, newPassword: errors.next, confirm: errors.confirm };
  },
  { currentPassword: 'oldPasswordRequired', newPassword: 'passwordWeak' },
);

function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const { register, handleSubmit, reset, formState } = useForm<PasswordForm>({
    resolver: passwordResolver,
    defaultValues: { currentPassword: '', newPassword: '', confirm: '' },
  });
  const msg = (k: string | undefined) => (k ? t(`account.validation.${k as 'codeRequired'}`) : undefined);
  const onSubmit = handleSubmit(({ currentPassword, newPassword }) => {
    if (change.isPending) return;
    change.mutate({ currentPassword, newPassword }, { onSuccess: () => reset() });
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-busy={change.isPending}
      className={`space-y-5 p-5 sm:p-6 ${CARD}`}
    >
      <PasswordField
        label={t('account.field.currentPassword')}
        data-testid="current-password"
        autoComplete="current-password"
        {...register('currentPassword', { onChange: () => change.reset() })}
        error={msg(formState.errors.currentPassword?.message)}
      />
      <PasswordField
        label={t('account.field.newPassword')}
        data-testid="new-password"
        autoComplete="new-password"
        {...register('newPassword', { onChange: () => change.reset() })}
        error={msg(formState.errors.newPassword?.message)}
        hint={t('account.field.passwordHint')}
      />
      <PasswordField
        label={t('account.field.confirmPassword')}
        data-testid="confirm-password"
        autoComplete="new-password"
        {...register('confirm')}
        error={msg(formState.errors.confirm?.message)}
      />
      {change.isError ? (
        <FormAlert testId="change-password-error">{accountErrorText(change.error, t)}</FormAlert>
      ) : null}
      {change.isSuccess ? (
        <FormSuccess testId="change-password-done">{t('account.security.changed')}</FormSuccess>
      ) : null}
      <PrimaryButton busy={change.isPending} data-testid="change-password-submit">
        {t('account.security.submit')}
      </PrimaryButton>
    </form>
  );
}

function SessionRow({
  session,
  onTerminate,
  busy,
}: {
  session: Session;
  onTerminate(): void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  const mobile = /android|ios|iphone|ipad/i.test(`${session.os} ${session.device}`);
  const Icon = mobile ? SmartphoneIcon : LaptopIcon;
  const [confirming, setConfirming] = useState(false);
  return (
    <li
      className="p-4 sm:px-5"
      data-testid="session"
      data-current={session.isCurrent}
      data-session-id={session.id}
    >
      <div className="flex items-start gap-3.5">
        <span className="relative grid size-11 shrink-0 place-items-center rounded-2xl bg-surface-2 text-ink">
          <Icon size={22} />
          {session.online || session.isCurrent ? (
            <span className="absolute -end-0.5 -bottom-0.5 size-3 rounded-full bg-success ring-2 ring-surface" />
          ) : null}
        </span>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-2 font-semibold">
            <span className="truncate">{`${session.device} · ${session.os}`}</span>
            {session.isCurrent ? (
              <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-text">
                {t('account.security.thisDevice')}
              </span>
            ) : null}
          </p>
          <p className="mt-0.5 text-sm text-muted">
            <bdi dir="ltr">{localeDigits(session.ip, lng)}</bdi>
            {t('common.separator')}
            {session.isCurrent || session.online
              ? t('account.security.online')
              : t('account.security.lastSeen', { time: formatRelative(new Date(session.lastSeenAt), lng) })}
          </p>
          <p className="text-xs text-muted">
            {t('account.security.signedIn', {
              time: formatDateTime(new Date(session.createdAt), lng),
            })}
          </p>
        </div>
        {session.isCurrent ? null : (
          <button
            type="button"
            data-testid="terminate-session"
            disabled={busy}
            onClick={() => setConfirming(true)}
            className="min-h-11 shrink-0 rounded-xl px-3 text-sm font-semibold text-danger transition hover:bg-danger-soft disabled:opacity-60"
          >
            {busy ? <Spinner size={16} /> : t('account.security.terminate')}
          </button>
        )}
      </div>
      {confirming ? (
        <div
          role="alertdialog"
          aria-label={t('account.security.terminateTitle')}
          className="mt-3 rounded-2xl bg-danger-soft p-4"
        >
          <p className="font-semibold text-danger">{t('account.security.terminateTitle')}</p>
          <p className="mt-1 text-sm text-ink">
            {t('account.security.terminateBody', { device: session.device, os: session.os })}
          </p>
          <div className="mt-3 flex gap-2">
            <button
              type="button"
              data-testid="terminate-confirm"
              onClick={() => {
                setConfirming(false);
                onTerminate();
              }}
              className="min-h-11 flex-1 rounded-xl bg-danger px-4 text-sm font-semibold text-on-danger"
            >
              {t('account.security.terminate')}
            </button>
            <button
              type="button"
              onClick={() => setConfirming(false)}
              className="min-h-11 flex-1 rounded-xl bg-surface px-4 text-sm font-semibold ring-1 ring-line"
            >
              {t('account.common.cancel')}
            </button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

function SessionsList() {
  const { t } = useTranslation();
  const sessions = useSessionsQuery();
  const terminate = useTerminateSession();
  if (sessions.isPending)
    return (
      <div className={`grid h-32 place-items-center ${CARD}`}>
        <Spinner label={t('common.loading')} />
      </div>
    );
  if (sessions.isError) return <FormAlert>{accountErrorText(sessions.error, t)}</FormAlert>;
  const others = sessions.data.filter((s) => !s.isCurrent).length;
  return (
    <>
      <ul className={`divide-y divide-line overflow-hidden ${CARD}`} data-testid="sessions">
        {sessions.data.map((s) => (
          <SessionRow
            key={s.id}
            session={s}
            busy={terminate.isPending && terminate.variables === s.id}
            onTerminate={() =>
              terminate.mutate(s.id, {
                onSuccess: () => toast.success(t('account.security.terminated')),
                onError: (err) => toast.error(accountErrorText(err, t)),
              })
            }
          />
        ))}
      </ul>
      {others === 0 ? <p className="mt-2 px-1 text-sm text-muted">{t('account.security.noOther')}</p> : null}
    </>
  );
}

/** security-setting-screen: change password, active sessions, terminate (spec sections 1 and 2). */
export default function SecuritySettingScreen() {
  const { t } = useTranslation();
  return (
    <StackScreen
      backTo="/bottom-tab-bar-navigator/setting"
      title={t('account.security.title')}
      slide="bottom"
      testId="screen-security"
    >
      <p className="mt-1 px-1 text-sm text-muted">{t('account.security.subtitle')}</p>
      <section className="mt-6">
        <h2 className="mb-2.5 flex items-center gap-2 px-1 text-sm font-semibold text-muted">
          <KeyRoundIcon size={16} />
          {t('account.security.changePassword')}
        </h2>
        <ChangePasswordForm />
      </section>
      <section className="mt-8">
        <h2 className="mb-1 px-1 text-sm font-semibold text-muted">{t('account.security.sessions')}</h2>
        <p className="mb-2.5 px-1 text-xs text-muted">{t('account.security.sessionsHint')}</p>
        <SessionsList />
      </section>
    </StackScreen>
  );
}
