import type { CodeSent } from '@hestia/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CodeStep, UsernameFields, type UsernameValue } from '../../components/account/fields.tsx';
import { AuthLayout } from '../../components/account/layout.tsx';
import {
  checkRecoveryCode,
  resetPassword,
  resetPasswordRequest,
  sendRecoveryCode,
} from '../../data/account.ts';
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
import { localeDigits } from '../../lib/digits.ts';
import { paths } from '../../routes.ts';
import { PrimaryButton } from '../../ui/Button.tsx';
import { FormAlert } from '../../ui/FormAlert.tsx';
import { CARD } from '../../ui/styles.ts';
import { PasswordField } from '../../ui/TextField.tsx';

type Step = 'request' | 'code' | 'password';
const STEPS: Step[] = ['request', 'code', 'password'];

/** Password reset by recovery code: request, check the code, choose a new password (spec section 2). */
export default function ResetPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lng = currentLanguage();
  const [step, setStep] = useState<Step>('request');
  const [username, setUsername] = useState<UsernameValue>(() => ({
    channel: 'email',
    email: '',
    country: defaultCountryFor(lng),
    national: '',
  }));
  const [sent, setSent] = useState<{ data: CodeSent; at: number; to: string } | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const id = usernameOf(username.channel, username.email, username.country, username.national);

  const onSent = (data: CodeSent, to: string) => {
    setSent({ data, at: Date.now(), to });
    setStep('code');
    setSubmitted(false);
  };
  const request = useMutation({ mutationFn: resetPasswordRequest, onSuccess: onSent });
  const resend = useMutation({ mutationFn: sendRecoveryCode, onSuccess: onSent });
  const check = useMutation({
    mutationFn: () => checkRecoveryCode(sent?.to ?? id, code),
    onSuccess: () => {
      setStep('password');
      setSubmitted(false);
    },
  });
  const save = useMutation({
    mutationFn: () => resetPassword(sent?.to ?? id, code, password),
    onSuccess: () => navigate(paths.authenticate, { replace: true, state: { notice: 'passwordReset' } }),
  });
  const busy = request.isPending || resend.isPending || check.isPending || save.isPending;
  const error =
    step === 'request' ? request.error : step === 'code' ? (check.error ?? resend.error) : save.error;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setSubmitted(true);
    if (step === 'request') {
      if (Object.keys(validateUsername(username)).length === 0) request.mutate(id);
    } else if (step === 'code') {
      if (!validateCode(code)) check.mutate();
    } else if (!validateNewPassword(password) && !validateConfirm(password, confirm)) {
      save.mutate();
    }
  };

  const passwordError = submitted ? validateNewPassword(password) : undefined;
  const confirmError = submitted ? validateConfirm(password, confirm) : undefined;
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
            value={username}
            onChange={setUsername}
            errors={submitted ? validateUsername(username) : {}}
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
            code={code}
            onCode={setCode}
            error={submitted ? validateCode(code) : undefined}
            disabled={busy}
          />
        ) : null}
        {step === 'password' ? (
          <>
            <PasswordField
              label={t('account.field.newPassword')}
              data-testid="reset-password"
              autoComplete="new-password"
              value={password}
              readOnly={busy}
              onChange={(e) => setPassword(e.target.value)}
              error={passwordError ? t(`account.validation.${passwordError}`) : undefined}
              hint={t('account.field.passwordHint')}
            />
            <PasswordField
              label={t('account.field.confirmPassword')}
              data-testid="reset-confirm"
              autoComplete="new-password"
              value={confirm}
              readOnly={busy}
              onChange={(e) => setConfirm(e.target.value)}
              error={confirmError ? t(`account.validation.${confirmError}`) : undefined}
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
