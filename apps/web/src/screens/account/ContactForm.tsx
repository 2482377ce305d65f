import {
  type CodeSent,
  changeEmailRequestSchema,
  changeEmailSchema,
  changePhoneRequestSchema,
  changePhoneSchema,
} from '@hestia/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CodeStep, MobileField } from '../../components/account/fields.tsx';
import { requestContactChange, useConfirmContactChange } from '../../data/account.ts';
import { accountErrorText } from '../../data/account-errors.ts';
import { currentLanguage } from '../../i18n/index.ts';
import {
  type ValidationKey,
  validateCode,
  validateEmail,
  validateMobile,
} from '../../lib/account-validation.ts';
import { contractResolver } from '../../lib/contract-resolver.ts';
import { defaultCountryFor, toE164 } from '../../lib/countries.ts';
import { digitsOnly } from '../../lib/digits.ts';
import { PrimaryButton } from '../../ui/Button.tsx';
import { FormAlert } from '../../ui/FormAlert.tsx';
import { CARD } from '../../ui/styles.ts';
import { TextField } from '../../ui/TextField.tsx';
import { useDone } from './edit-done.ts';

interface ContactFields {
  email: string;
  country: string;
  national: string;
  code: string;
}

/** Which address changes, and the new one once its code was sent: the step a submit belongs to. */
interface ContactStep {
  kind: 'email' | 'phone';
  sentTo: string | null;
}

/** The new address as the server takes it: a lower-case email, or an E.164 number. */
const addressOf = (kind: ContactStep['kind'], v: ContactFields) =>
  kind === 'email' ? v.email.trim().toLowerCase() : toE164(v.country, digitsOnly(v.national));

/** The app's rules for the step, then the contract's body of the code request or of the change. */
const contactResolver = contractResolver<ContactFields, ContactStep>(
  ({ kind, sentTo }) =>
    kind === 'email'
      ? sentTo
        ? changeEmailSchema
        : changeEmailRequestSchema
      : sentTo
        ? changePhoneSchema
        : changePhoneRequestSchema,
  (v, { kind, sentTo }) => {
    const address = sentTo ?? addressOf(kind, v);
    const body: Record<string, string> = kind === 'email' ? { email: address } : { phone: address };
    return sentTo ? { ...body, code: v.code } : body;
  },
  (v, { kind, sentTo }) => {
    if (sentTo) return { code: validateCode(v.code) };
    if (kind === 'email') return { email: validateEmail(v.email) };
    const problem = validateMobile(v.country, v.national);
    return problem === 'countryRequired' ? { country: problem } : { national: problem };
  },
  { code: 'codeInvalid', email: 'emailInvalid', national: 'mobileInvalid' },
);

/** Email or phone: request a code for the new address, then confirm with it. */
export function ContactForm({ kind, current }: { kind: 'email' | 'phone'; current: string }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<{ data: CodeSent; at: number; value: string } | null>(null);
  const { register, handleSubmit, formState, getValues, reset, setValue, trigger, watch } = useForm<
    ContactFields,
    ContactStep
  >({
    resolver: contactResolver,
    context: { kind, sentTo: sent?.value ?? null },
    defaultValues: {
      email: kind === 'email' ? current : '',
      country: defaultCountryFor(currentLanguage()),
      national: '',
      code: '',
    },
  });
  const request = useMutation({
    mutationFn: (v: string) => requestContactChange(kind, v),
    onSuccess: (data, v) => {
      setSent({ data, at: Date.now(), value: v });
      // The code step starts unsent: its errors show after its own submit.
      reset(getValues());
    },
  });
  const confirm = useConfirmContactChange();
  const done = useDone();
  const onSubmit = handleSubmit((v) => {
    if (request.isPending || confirm.isPending) return;
    if (!sent) request.mutate(addressOf(kind, v));
    else confirm.mutate({ kind, value: sent.value, code: v.code }, { onSuccess: done });
  });
  const errors = formState.errors;
  const again = formState.isSubmitted;
  const error = sent ? (confirm.error ?? request.error) : request.error;
  return (
    <form noValidate onSubmit={onSubmit} className={`space-y-5 p-5 sm:p-6 ${CARD}`}>
      {sent ? (
        <>
          <p className="text-sm text-muted">{t('account.editProfile.codeHint')}</p>
          <CodeStep
            sent={sent.data}
            sentAt={sent.at}
            resending={request.isPending}
            onResend={() => request.mutate(sent.value)}
            onChangeTarget={() => setSent(null)}
            code={watch('code')}
            onCode={(code) => setValue('code', code, { shouldValidate: again })}
            error={errors.code?.message as ValidationKey | undefined}
          />
        </>
      ) : kind === 'email' ? (
        <TextField
          label={t('account.editProfile.newEmail')}
          data-testid="edit-email-input"
          type="email"
          inputMode="email"
          autoComplete="email"
          dir="ltr"
          className="rtl:text-right"
          {...register('email')}
          error={
            errors.email?.message
              ? t(`account.validation.${errors.email.message as ValidationKey}`)
              : undefined
          }
        />
      ) : (
        <MobileField
          label={t('account.editProfile.newPhone')}
          country={watch('country')}
          national={watch('national')}
          onChange={(c, n) => {
            setValue('country', c);
            setValue('national', n);
            if (again) void trigger(['country', 'national']);
          }}
          countryError={errors.country?.message as ValidationKey | undefined}
          numberError={errors.national?.message as ValidationKey | undefined}
        />
      )}
      {error ? <FormAlert>{accountErrorText(error, t)}</FormAlert> : null}
      <PrimaryButton busy={request.isPending || confirm.isPending} data-testid="edit-save">
        {sent ? t('account.editProfile.confirm') : t('account.editProfile.sendCode')}
      </PrimaryButton>
    </form>
  );
}
