import { type CodeSent, registerBodySchema, registerFinalizeBodySchema } from '@hestia/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CodeStep, UsernameFields, type UsernameValue } from '../../components/account/fields.tsx';
import { AuthLayout } from '../../components/account/layout.tsx';
import { usernameBinding, usernameIn } from '../../components/account/username-form.ts';
import { completeLogin, register, registerFinalize } from '../../data/account.ts';
import { accountErrorText } from '../../data/account-errors.ts';
import { currentLanguage } from '../../i18n/index.ts';
import {
  type ValidationKey,
  validateCode,
  validateConfirm,
  validateNewPassword,
  validateUsername,
} from '../../lib/account-validation.ts';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { defaultCountryFor } from '../../lib/countries.ts';
import { accountPaths, paths } from '../../routes.ts';
import { useSaveLoginStore } from '../../state/save-login-store.ts';
import { PrimaryButton } from '../../ui/Button.tsx';
import { FormAlert } from '../../ui/FormAlert.tsx';
import { CARD } from '../../ui/styles.ts';
import { PasswordField, TextField } from '../../ui/TextField.tsx';

interface SignupFields extends UsernameValue {
  firstName: string;
  lastName: string;
  password: string;
  confirm: string;
  code: string;
}

/** Where the code went, once the sign-up was sent: the step a submit belongs to. */
interface SignupStep {
  sentTo: string | null;
}

const names = (v: SignupFields) => ({
  ...(v.firstName.trim() ? { firstName: v.firstName.trim() } : {}),
  ...(v.lastName.trim() ? { lastName: v.lastName.trim() } : {}),
});

/** The app's rules for the step, then the contract's body of the sign-up or of its confirmation. */
const signupResolver = contractResolver<SignupFields, SignupStep>(
  ({ sentTo }) => (sentTo ? registerFinalizeBodySchema : registerBodySchema),
  (v, { sentTo }) =>
    sentTo
      ? { username: sentTo, code: v.code, password: v.password, ...names(v) }
      : {
          username: usernameIn(v).id,
          password: v.password,
          ...names(v),
          ...(v.channel === 'mobile' && v.country ? { country: v.country } : {}),
        },
  (v, { sentTo }) =>
    sentTo
      ? { code: validateCode(v.code) }
      : {
          ...validateUsername(v),
          password: validateNewPassword(v.password),
          confirm: validateConfirm(v.password, v.confirm),
        },
  { password: 'passwordWeak', code: 'codeInvalid' },
);

/** Sign up by email or mobile (a country for mobile), then confirm with the code (spec section 2). */
export default function SignupScreen() {
  const { t } = useTranslation();
  const [sent, setSent] = useState<{ data: CodeSent; at: number; to: string } | null>(null);
  const form = useForm<SignupFields, SignupStep>({
    resolver: signupResolver,
    context: { sentTo: sent?.to ?? null },
    defaultValues: {
      channel: 'email',
      email: '',
      country: defaultCountryFor(currentLanguage()),
      national: '',
      firstName: '',
      lastName: '',
      password: '',
      confirm: '',
      code: '',
    },
  });
  const { register: field, handleSubmit, formState, getValues, reset, setValue, watch } = form;

  const create = useMutation({
    mutationFn: (to: string) => {
      const v = getValues();
      return register({
        username: to,
        password: v.password,
        ...names(v),
        ...(v.channel === 'mobile' && v.country ? { country: v.country } : {}),
      });
    },
    onSuccess: (data, to) => {
      setSent({ data, at: Date.now(), to });
      // The code step starts unsent: its errors show after its own submit.
      reset(getValues());
    },
  });
  const finalize = useMutation({
    mutationFn: (v: SignupFields) =>
      registerFinalize(sent?.to ?? usernameIn(v).id, v.code, { password: v.password, ...names(v) }),
    onSuccess: (result, v) => {
      completeLogin(result, true);
      useSaveLoginStore
        .getState()
        .offer({ id: sent?.to ?? usernameIn(v).id, password: v.password, kind: v.channel });
    },
  });
  const busy = create.isPending || finalize.isPending;
  const error = finalize.error ?? create.error;
  const username = usernameBinding(form);

  const onSubmit = handleSubmit((v) => {
    if (busy) return;
    if (sent) finalize.mutate(v);
    else create.mutate(usernameIn(v).id);
  });

  const show = (key: string | undefined) =>
    key ? t(`account.validation.${key as 'codeRequired'}`) : undefined;

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
            code={watch('code')}
            onCode={(code) => setValue('code', code, { shouldValidate: formState.isSubmitted })}
            error={formState.errors.code?.message as ValidationKey | undefined}
            disabled={busy}
          />
        ) : (
          <>
            <UsernameFields
              value={username.value}
              onChange={username.onChange}
              errors={username.errors}
              disabled={busy}
              autoComplete="username"
            />
            <div className="grid grid-cols-2 gap-3">
              <TextField
                label={t('account.field.firstName')}
                data-testid="signup-first-name"
                autoComplete="given-name"
                readOnly={busy}
                maxLength={64}
                {...field('firstName')}
              />
              <TextField
                label={t('account.field.lastName')}
                data-testid="signup-last-name"
                autoComplete="family-name"
                readOnly={busy}
                maxLength={64}
                {...field('lastName')}
              />
            </div>
            <PasswordField
              label={t('account.field.password')}
              data-testid="signup-password"
              autoComplete="new-password"
              readOnly={busy}
              {...field('password')}
              error={show(formState.errors.password?.message)}
              hint={t('account.field.passwordHint')}
            />
            <PasswordField
              label={t('account.field.confirmPassword')}
              data-testid="signup-confirm"
              autoComplete="new-password"
              readOnly={busy}
              {...field('confirm')}
              error={show(formState.errors.confirm?.message)}
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
