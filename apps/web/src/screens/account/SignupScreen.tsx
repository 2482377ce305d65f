import type { CodeSent } from '@hestia/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CodeStep, UsernameFields, type UsernameValue } from '../../components/account/fields.tsx';
import { AuthLayout } from '../../components/account/layout.tsx';
import { completeLogin, register, registerFinalize } from '../../data/account.ts';
import { accountErrorText } from '../../data/account-errors.ts';
import { currentLanguage } from '../../i18n/index.ts';
import {
  usernameOf,
  validateCode,
  validateConfirm,
  validateNewPassword,
  validateUsername,
} from '../../lib/account-validation.ts';
import { defaultCountryFor } from '../../lib/countries.ts';
import { accountPaths, paths } from '../../routes.ts';
import { useSaveLoginStore } from '../../state/save-login-store.ts';
import { PrimaryButton } from '../../ui/Button.tsx';
import { FormAlert } from '../../ui/FormAlert.tsx';
import { CARD } from '../../ui/styles.ts';
import { PasswordField, TextField } from '../../ui/TextField.tsx';

/** Sign up by email or mobile (a country for mobile), then confirm with the code (spec section 2). */
export default function SignupScreen() {
  const { t } = useTranslation();
  const [username, setUsername] = useState<UsernameValue>(() => ({
    channel: 'email',
    email: '',
    country: defaultCountryFor(currentLanguage()),
    national: '',
  }));
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<{ data: CodeSent; at: number; to: string } | null>(null);
  const [submitted, setSubmitted] = useState(false);

  const id = usernameOf(username.channel, username.email, username.country, username.national);
  const errors = {
    ...validateUsername(username),
    ...(validateNewPassword(password) ? { password: validateNewPassword(password) } : {}),
    ...(validateConfirm(password, confirm) ? { confirm: validateConfirm(password, confirm) } : {}),
  };

  const create = useMutation({
    mutationFn: (to: string) =>
      register({
        username: to,
        password,
        ...(firstName.trim() ? { firstName: firstName.trim() } : {}),
        ...(lastName.trim() ? { lastName: lastName.trim() } : {}),
        ...(username.channel === 'mobile' && username.country ? { country: username.country } : {}),
      }),
    onSuccess: (data, to) => {
      setSent({ data, at: Date.now(), to });
      setSubmitted(false);
    },
  });
  const finalize = useMutation({
    mutationFn: () =>
      registerFinalize(sent?.to ?? id, code, {
        password,
        ...(firstName.trim() ? { firstName: firstName.trim() } : {}),
        ...(lastName.trim() ? { lastName: lastName.trim() } : {}),
      }),
    onSuccess: (result) => {
      completeLogin(result, true);
      useSaveLoginStore.getState().offer({ id: sent?.to ?? id, password, kind: username.channel });
    },
  });
  const busy = create.isPending || finalize.isPending;
  const error = finalize.error ?? create.error;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setSubmitted(true);
    if (sent) {
      if (!validateCode(code)) finalize.mutate();
      return;
    }
    if (Object.keys(errors).length === 0) create.mutate(id);
  };

  const show = (key: string | undefined) =>
    submitted && key ? t(`account.validation.${key as 'codeRequired'}`) : undefined;

  return (
    <AuthLayout
      title={sent ? t('account.signup.verifyTitle') : t('account.signup.title')}
      subtitle={sent ? undefined : t('account.signup.subtitle')}
      back={paths.authenticate}
      testId="screen-signup"
      footer={
        <>
          {t('account.signup.haveAccount')}{' '}
          <Link
            to={paths.authenticate}
            className="inline-flex min-h-11 items-center font-semibold text-accent-text hover:underline"
          >
            {t('account.signup.login')}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} aria-busy={busy} className={`mt-8 space-y-5 p-5 sm:p-7 ${CARD}`}>
        {sent ? (
          <CodeStep
            sent={sent.data}
            sentAt={sent.at}
            resending={create.isPending}
            onResend={() => create.mutate(sent.to)}
            onChangeTarget={() => {
              setSent(null);
              finalize.reset();
            }}
            code={code}
            onCode={setCode}
            error={submitted ? validateCode(code) : undefined}
            disabled={busy}
          />
        ) : (
          <>
            <UsernameFields
              value={username}
              onChange={setUsername}
              errors={submitted ? validateUsername(username) : {}}
              disabled={busy}
              autoComplete="username"
            />
            <div className="grid grid-cols-2 gap-3">
              <TextField
                label={t('account.field.firstName')}
                data-testid="signup-first-name"
                autoComplete="given-name"
                value={firstName}
                readOnly={busy}
                onChange={(e) => setFirstName(e.target.value)}
              />
              <TextField
                label={t('account.field.lastName')}
                data-testid="signup-last-name"
                autoComplete="family-name"
                value={lastName}
                readOnly={busy}
                onChange={(e) => setLastName(e.target.value)}
              />
            </div>
            <PasswordField
              label={t('account.field.password')}
              data-testid="signup-password"
              autoComplete="new-password"
              value={password}
              readOnly={busy}
              onChange={(e) => setPassword(e.target.value)}
              error={show(errors.password)}
              hint={t('account.field.passwordHint')}
            />
            <PasswordField
              label={t('account.field.confirmPassword')}
              data-testid="signup-confirm"
              autoComplete="new-password"
              value={confirm}
              readOnly={busy}
              onChange={(e) => setConfirm(e.target.value)}
              error={show(errors.confirm)}
            />
            <p className="text-sm text-muted">
              {t('account.signup.termsPrefix')}{' '}
              <Link
                to={accountPaths.terms}
                data-testid="to-terms"
                className="font-semibold text-accent-text hover:underline"
              >
                {t('account.signup.termsLink')}
              </Link>
            </p>
          </>
        )}
        {error ? <FormAlert testId="signup-error">{accountErrorText(error, t)}</FormAlert> : null}
        <PrimaryButton busy={busy} data-testid="signup-submit">
          {sent ? t('account.signup.finalize') : t('account.signup.submit')}
        </PrimaryButton>
      </form>
    </AuthLayout>
  );
}
