import {
  type CodeSent,
  checkCodeBodySchema,
  resetPasswordBodySchema,
  usernameBodySchema,
} from '@hestia/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CodeStep, UsernameFields, type UsernameValue } from '../../components/account/fields.tsx';
import { AuthLayout } from '../../components/account/layout.tsx';
import { usernameBinding, usernameIn } from '../../components/account/username-form.ts';
import {
  checkRecoveryCode,
  resetPassword,
  resetPasswordRequest,
  sendRecoveryCode,
} from '../../data/account.ts';
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
import { localeDigits } from '../../lib/digits.ts';
import { paths } from '../../routes.ts';
import { PrimaryButton } from '../../ui/Button.tsx';
import { FormAlert } from '../../ui/FormAlert.tsx';
import { CARD } from '../../ui/styles.ts';
import { PasswordField } from '../../ui/TextField.tsx';

type Step = 'request' | 'code' | 'password';
const STEPS: Step[] = ['request', 'code', 'password'];

interface ResetFields extends UsernameValue {
  code: string;
  password: string;
  confirm: string;
}

/** The step a submit belongs to, and where the code went. */
interface ResetStep {
  step: Step;
  sentTo: string | null;
}

/** The app's rules for the step, then the contract's body of its request (ask, check the code, reset). */
const resetResolver = contractResolver<ResetFields, ResetStep>(
  ({ step }) =>
    step === 'request' ? usernameBodySchema : step === 'code' ? checkCodeBodySchema : resetPasswordBodySchema,
  (v, { step, sentTo }) => {
    const username = sentTo ?? usernameIn(v).id;
    if (step === 'request') return { username: usernameIn(v).id };
    return step === 'code' ? { username, code: v.code } : { username, code: v.code, password: v.password };
  },
  (v, { step }) =>
    step === 'request'
      ? validateUsername(v)
      : step === 'code'
        ? { code: validateCode(v.code) }
        : { password: validateNewPassword(v.password), confirm: validateConfirm(v.password, v.confirm) },
  { code: 'codeInvalid', password: 'passwordWeak' },
);

/** Password reset by recovery code: request, check the code, choose a new password (spec section 2). */
export default function ResetPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lng = currentLanguage();
  const [step, setStep] = useState<Step>('request');
  const [sent, setSent] = useState<{ data: CodeSent; at: number; to: string } | null>(null);
  const form = useForm<ResetFields, ResetStep>({
    resolver: resetResolver,
    context: { step, sentTo: sent?.to ?? null },
    defaultValues: {
      channel: 'email',
      email: '',
      country: defaultCountryFor(lng),
      national: '',
      code: '',
      password: '',
      confirm: '',
    },
  });
  const { register, handleSubmit, formState, getValues, reset, setValue, watch } = form;
  const username = usernameBinding(form);
  /** The next step starts unsent: its errors show after its own submit. */
  const next = (s: Step) => {
    setStep(s);
    reset(getValues());
  };

  const onSent = (data: CodeSent, to: string) => {
    setSent({ data, at: Date.now(), to });
    next('code');
  };
  const request = useMutation({ mutationFn: resetPasswordRequest, onSuccess: onSent });
  const resend = useMutation({ mutationFn: sendRecoveryCode, onSuccess: onSent });
  const check = useMutation({
    mutationFn: (v: ResetFields) => checkRecoveryCode(sent?.to ?? usernameIn(v).id, v.code),
    onSuccess: () => next('password'),
  });
  const save = useMutation({
    mutationFn: (v: ResetFields) => resetPassword(sent?.to ?? usernameIn(v).id, v.code, v.password),
    onSuccess: () => navigate(paths.authenticate, { replace: true, state: { notice: 'passwordReset' } }),
  });
  const busy = request.isPending || resend.isPending || check.isPending || save.isPending;
  const error =
    step === 'request' ? request.error : step === 'code' ? (check.error ?? resend.error) : save.error;

  const onSubmit = handleSubmit((v) => {
    if (busy) return;
    if (step === 'request') request.mutate(usernameIn(v).id);
    else if (step === 'code') check.mutate(v);
    else save.mutate(v);
  });
  const msg = (key: string | undefined) =>
    key ? t(`account.validation.${key as 'codeRequired'}`) : undefined;

  const title =
    step === 'request'
      ? t('account.reset.title')
      : step === 'code'
        ? t('account.reset.codeTitle')
        : t('account.reset.newTitle');

  return (
    <AuthLayout
      title={title}
      subtitle={
        step === 'request'
          ? t('account.reset.subtitle')
          : step === 'password'
            ? t('account.reset.newSubtitle')
            : undefined
      }
      back={paths.authenticate}
      testId="screen-reset-password"
    >
      <form noValidate onSubmit={onSubmit} aria-busy={busy} className={`mt-8 space-y-5 p-5 sm:p-7 ${CARD}`}>
        <div className="flex items-center gap-3">
          <ol className="flex flex-1 gap-1.5" aria-hidden="true">
            {STEPS.map((s, i) => (
              <li
                key={s}
                className={`h-1.5 flex-1 rounded-full ${i <= STEPS.indexOf(step) ? 'bg-accent' : 'bg-line'}`}
              />
            ))}
          </ol>
          <span className="text-xs font-medium text-muted" data-testid="reset-step">
            {t('account.reset.step', {
              step: localeDigits(String(STEPS.indexOf(step) + 1), lng),
              total: localeDigits(String(STEPS.length), lng),
            })}
          </span>
        </div>
        {step === 'request' ? (
          <UsernameFields
            value={username.value}
            onChange={username.onChange}
            errors={username.errors}
            disabled={busy}
          />
        ) : null}
        {step === 'code' && sent ? (
          <CodeStep
            sent={sent.data}
            sentAt={sent.at}
            resending={resend.isPending}
            onResend={() => resend.mutate(sent.to)}
            onChangeTarget={() => setStep('request')}
            code={watch('code')}
            onCode={(code) => setValue('code', code, { shouldValidate: formState.isSubmitted })}
            error={formState.errors.code?.message as ValidationKey | undefined}
            disabled={busy}
          />
        ) : null}
        {step === 'password' ? (
          <>
            <PasswordField
              label={t('account.field.newPassword')}
              data-testid="reset-password"
              autoComplete="new-password"
              readOnly={busy}
              {...register('password')}
              error={msg(formState.errors.password?.message)}
              hint={t('account.field.passwordHint')}
            />
            <PasswordField
              label={t('account.field.confirmPassword')}
              data-testid="reset-confirm"
              autoComplete="new-password"
              readOnly={busy}
              {...register('confirm')}
              error={msg(formState.errors.confirm?.message)}
            />
          </>
        ) : null}
        {error ? <FormAlert testId="reset-error">{accountErrorText(error, t)}</FormAlert> : null}
        <PrimaryButton busy={busy} data-testid="reset-submit">
          {step === 'request'
            ? t('account.reset.send')
            : step === 'code'
              ? t('account.reset.check')
              : t('account.reset.submit')}
        </PrimaryButton>
      </form>
    </AuthLayout>
  );
}
