import type { CodeSent } from '@hestia/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { CodeStep, UsernameFields, type UsernameValue } from '../components/account/fields.tsx';
import { AuthLayout } from '../components/account/layout.tsx';
import { usernameBinding, usernameIn } from '../components/account/username-form.ts';
import { completeLogin, loginWithCode, loginWithPassword, sendLoginCode } from '../data/account.ts';
import { accountErrorText } from '../data/account-errors.ts';
import { currentLanguage } from '../i18n/index.ts';
import {
  type ValidationKey,
  validateCode,
  validateLoginPassword,
  validateUsername,
} from '../lib/account-validation.ts';
import { contractResolver } from '../lib/contract-resolver.ts';
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

interface LoginFields extends UsernameValue {
  password: string;
  code: string;
}

/** Which request a submit sends: the method, and where the code went once one was sent. */
interface LoginStep {
  method: Method;
  sentTo: string | null;
}

/**
 * The app's rules for the step (a username, then the password or the six-digit code): they hold at
 * least what the contract's loginBodySchema and usernameBodySchema require. This is a first screen, so
 * it takes no zod (decision 023): the server's answer to what only the schema would refuse (a username
 * over 254 characters) is shown as any refusal is.
 */
const loginResolver = contractResolver<LoginFields, LoginStep>(
  null,
  () => null,
  (v, { method, sentTo }) => ({
    ...(sentTo ? {} : validateUsername(v)),
    password: method === 'password' ? validateLoginPassword(v.password) : undefined,
    code: sentTo ? validateCode(v.code) : undefined,
  }),
  {},
);

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
  const [method, setMethod] = useState<Method>('password');
  const [sent, setSent] = useState<{ data: CodeSent; at: number; to: string } | null>(null);
  const form = useForm<LoginFields, LoginStep>({
    resolver: loginResolver,
    context: { method, sentTo: sent?.to ?? null },
    defaultValues: { ...initialUsername(), password: '', code: '' },
  });
  const { register, handleSubmit, formState, getValues, reset, setValue, watch } = form;
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;

  const login = useMutation({
    mutationFn: (v: LoginFields) =>
      method === 'password'
        ? loginWithPassword(usernameIn(v).id, v.password)
        : loginWithCode(sent?.to ?? usernameIn(v).id, v.code),
    onSuccess: (result, v) => {
      const withPassword = method === 'password';
      const auth = useAuthStore.getState();
      const ask = v.channel === 'email' ? auth.isFirstTimeAskSaveEmail : auth.isFirstTimeAskSaveMobile;
      completeLogin(result, withPassword);
      if (withPassword && ask)
        useSaveLoginStore.getState().offer({ id: usernameIn(v).id, password: v.password, kind: v.channel });
    },
  });
  const sendCode = useMutation({
    mutationFn: (to: string) => sendLoginCode(to),
    onSuccess: (data, to) => {
      setSent({ data, at: Date.now(), to });
      // The code step starts unsent: its errors show after its own submit.
      reset(getValues());
    },
  });
  const busy = login.isPending || sendCode.isPending;
  const username = usernameBinding(form, () => login.reset());

  const onSubmit = handleSubmit((v) => {
    if (busy) return;
    if (method === 'code' && !sent) sendCode.mutate(usernameIn(v).id);
    else login.mutate(v);
  });

  const switchMethod = (m: Method) => {
    setMethod(m);
    setSent(null);
    reset({ ...getValues(), code: '' });
    login.reset();
    sendCode.reset();
  };
  const msg = (key: string | undefined) =>
    key ? t(`account.validation.${key as 'codeRequired'}`) : undefined;

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
            code={watch('code')}
            onCode={(code) => setValue('code', code, { shouldValidate: formState.isSubmitted })}
            error={formState.errors.code?.message as ValidationKey | undefined}
            disabled={busy}
          />
        ) : (
          <UsernameFields
            value={username.value}
            onChange={username.onChange}
            errors={username.errors}
            disabled={busy}
          />
        )}
        {method === 'password' ? (
          <div>
            <PasswordField
              label={t('auth.password')}
              data-testid="login-password"
              autoComplete="current-password"
              placeholder={t('auth.passwordPlaceholder')}
              readOnly={busy}
              {...register('password')}
              error={msg(formState.errors.password?.message)}
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
