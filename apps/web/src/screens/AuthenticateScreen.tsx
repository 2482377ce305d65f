import type { CodeSent } from '@hestia/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { CodeStep, UsernameFields, type UsernameValue } from '../components/account/fields.tsx';
import { AuthLayout } from '../components/account/layout.tsx';
import { completeLogin, loginWithCode, loginWithPassword, sendLoginCode } from '../data/account.ts';
import { accountErrorText } from '../data/account-errors.ts';
import { currentLanguage } from '../i18n/index.ts';
import {
  usernameOf,
  validateCode,
  validateLoginPassword,
  validateUsername,
} from '../lib/account-validation.ts';
import { defaultCountryFor } from '../lib/countries.ts';
import { accountPaths } from '../routes.ts';
import { useAuthStore } from '../state/auth-store.ts';
import { useSaveLoginStore } from '../state/save-login-store.ts';
import { PrimaryButton } from '../ui/Button.tsx';
import { FormAlert, FormSuccess } from '../ui/FormAlert.tsx';
import { Segmented } from '../ui/Segmented.tsx';
import { CARD } from '../ui/styles.ts';
import { PasswordField } from '../ui/TextField.tsx';

type Method = 'password' | 'code';

/** The remembered username (from Save on the save-login sheet) fills the form. */
function initialUsername(): UsernameValue {
  const remembered = useSaveLoginStore.getState().remembered;
  const country = defaultCountryFor(currentLanguage());
  if (remembered?.kind === 'email') return { channel: 'email', email: remembered.id, country, national: '' };
  return { channel: 'email', email: '', country, national: '' };
}

/** Log in by email or mobile, with a password or a one-time code (spec sections 2 and 4). */
export default function AuthenticateScreen() {
  const { t } = useTranslation();
  const [username, setUsername] = useState<UsernameValue>(initialUsername);
  const [method, setMethod] = useState<Method>('password');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<{ data: CodeSent; at: number; to: string } | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;

  const id = usernameOf(username.channel, username.email, username.country, username.national);
  const usernameErrors = submitted ? validateUsername(username) : {};
  const passwordError = submitted && method === 'password' ? validateLoginPassword(password) : undefined;
  const codeError = submitted && sent ? validateCode(code) : undefined;

  const login = useMutation({
    mutationFn: () =>
      method === 'password' ? loginWithPassword(id, password) : loginWithCode(sent?.to ?? id, code),
    onSuccess: (result) => {
      const withPassword = method === 'password';
      const auth = useAuthStore.getState();
      const ask = username.channel === 'email' ? auth.isFirstTimeAskSaveEmail : auth.isFirstTimeAskSaveMobile;
      completeLogin(result, withPassword);
      if (withPassword && ask) useSaveLoginStore.getState().offer({ id, password, kind: username.channel });
    },
  });
  const sendCode = useMutation({
    mutationFn: (to: string) => sendLoginCode(to),
    onSuccess: (data, to) => {
      setSent({ data, at: Date.now(), to });
      setSubmitted(false);
    },
  });
  const busy = login.isPending || sendCode.isPending;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setSubmitted(true);
    if (Object.keys(validateUsername(username)).length > 0) return;
    if (method === 'password') {
      if (validateLoginPassword(password)) return;
      login.mutate();
    } else if (!sent) {
      sendCode.mutate(id);
    } else {
      if (validateCode(code)) return;
      login.mutate();
    }
  };

  const switchMethod = (m: Method) => {
    setMethod(m);
    setSent(null);
    setCode('');
    setSubmitted(false);
    login.reset();
    sendCode.reset();
  };

  const error = login.error ?? sendCode.error;

  return (
    <AuthLayout
      title={t('auth.title')}
      subtitle={t('auth.subtitle')}
      testId="screen-authenticate"
      footer={
        <>
          {t('account.login.noAccount')}{' '}
          <Link
            to={accountPaths.signup}
            data-testid="to-signup"
            className="inline-flex min-h-11 items-center font-semibold text-accent-text hover:underline"
          >
            {t('account.login.signup')}
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} aria-busy={busy} className={`mt-8 space-y-5 p-5 sm:p-7 ${CARD}`}>
        <Segmented
          label={t('account.login.methodLabel')}
          value={method}
          onChange={switchMethod}
          options={[
            { value: 'password', label: t('account.login.withPassword') },
            { value: 'code', label: t('account.login.withCode') },
          ]}
          testId="login-method"
        />
        {sent ? (
          <CodeStep
            sent={sent.data}
            sentAt={sent.at}
            resending={sendCode.isPending}
            onResend={() => sendCode.mutate(sent.to)}
            onChangeTarget={() => setSent(null)}
            code={code}
            onCode={setCode}
            error={codeError}
            disabled={busy}
          />
        ) : (
          <UsernameFields
            value={username}
            onChange={(v) => {
              setUsername(v);
              login.reset();
            }}
            errors={usernameErrors}
            disabled={busy}
          />
        )}
        {method === 'password' ? (
          <div>
            <PasswordField
              label={t('auth.password')}
              data-testid="login-password"
              name="password"
              autoComplete="current-password"
              placeholder={t('auth.passwordPlaceholder')}
              value={password}
              readOnly={busy}
              onChange={(e) => setPassword(e.target.value)}
              error={passwordError ? t(`account.validation.${passwordError}`) : undefined}
            />
            <div className="mt-1 flex justify-end">
              <Link
                to={accountPaths.resetPasswordRequest}
                data-testid="to-reset"
                className="inline-flex min-h-11 items-center text-sm font-semibold text-accent-text hover:underline"
              >
                {t('account.login.forgot')}
              </Link>
            </div>
          </div>
        ) : null}

        {notice === 'passwordReset' && !error ? (
          <FormSuccess testId="login-notice">{t('account.reset.done')}</FormSuccess>
        ) : null}
        {error ? <FormAlert testId="login-error">{accountErrorText(error, t)}</FormAlert> : null}

        <PrimaryButton busy={busy} data-testid="login-submit">
          {method === 'code' && !sent
            ? sendCode.isPending
              ? t('account.login.sendingCode')
              : t('account.login.sendCode')
            : login.isPending
              ? t('auth.submitting')
              : t('auth.submit')}
        </PrimaryButton>
      </form>
    </AuthLayout>
  );
}
