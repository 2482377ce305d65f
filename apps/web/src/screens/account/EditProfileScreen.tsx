import type { CodeSent } from '@hestia/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CodeStep, MobileField } from '../../components/account/fields.tsx';
import {
  requestContactChange,
  useConfirmContactChange,
  useProfileQuery,
  useUpdateProfile,
} from '../../data/account.ts';
import { accountErrorText } from '../../data/account-errors.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { validateCode, validateEmail, validateMobile } from '../../lib/account-validation.ts';
import { defaultCountryFor, toE164 } from '../../lib/countries.ts';
import { browserTimeZone } from '../../lib/date-format.ts';
import { digitsOnly } from '../../lib/digits.ts';
import { supportedTimeZones, timeZoneOptions } from '../../lib/time-zones.ts';
import { accountPaths, type EditProfileType } from '../../routes.ts';
import { PrimaryButton } from '../../ui/Button.tsx';
import { FormAlert } from '../../ui/FormAlert.tsx';
import { StackScreen } from '../../ui/StackScreen.tsx';
import { CARD, INPUT } from '../../ui/styles.ts';
import { TextField } from '../../ui/TextField.tsx';
import { toast } from '../../ui/Toast.tsx';

const TYPES: readonly EditProfileType[] = ['name', 'email', 'phone', 'timeZone'];

function useDone() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return () => {
    toast.success(t('account.editProfile.saved'));
    // Back to the profile this screen was opened from; opened directly, the profile replaces it.
    if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) navigate(-1);
    else navigate(accountPaths.profile, { replace: true });
  };
}

function NameForm({ name, lastName }: { name: string; lastName: string }) {
  const { t } = useTranslation();
  const [first, setFirst] = useState(name);
  const [last, setLast] = useState(lastName);
  const [submitted, setSubmitted] = useState(false);
  const update = useUpdateProfile();
  const done = useDone();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!first.trim() || update.isPending) return;
    update.mutate(
      { type: 'Name', body: { firstName: first.trim(), lastName: last.trim() } },
      { onSuccess: done },
    );
  };
  return (
    <form noValidate onSubmit={onSubmit} className={`space-y-5 p-5 sm:p-6 ${CARD}`}>
      <TextField
        label={t('account.field.firstName')}
        data-testid="edit-first-name"
        autoComplete="given-name"
        value={first}
        onChange={(e) => setFirst(e.target.value)}
        error={submitted && !first.trim() ? t('account.validation.nameRequired') : undefined}
      />
      <TextField
        label={t('account.field.lastName')}
        data-testid="edit-last-name"
        autoComplete="family-name"
        value={last}
        onChange={(e) => setLast(e.target.value)}
      />
      {update.isError ? <FormAlert>{accountErrorText(update.error, t)}</FormAlert> : null}
      <PrimaryButton busy={update.isPending} data-testid="edit-save">
        {update.isPending ? t('account.common.saving') : t('account.common.save')}
      </PrimaryButton>
    </form>
  );
}

/** Email or phone: request a code for the new address, then confirm with it. */
function ContactForm({ kind, current }: { kind: 'email' | 'phone'; current: string }) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  const [email, setEmail] = useState(kind === 'email' ? current : '');
  const [country, setCountry] = useState(defaultCountryFor(lng));
  const [national, setNational] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<{ data: CodeSent; at: number; value: string } | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const value = kind === 'email' ? email.trim().toLowerCase() : toE164(country, digitsOnly(national));
  const request = useMutation({
    mutationFn: (v: string) => requestContactChange(kind, v),
    onSuccess: (data, v) => {
      setSent({ data, at: Date.now(), value: v });
      setSubmitted(false);
    },
  });
  const confirm = useConfirmContactChange();
  const done = useDone();
  const fieldError = kind === 'email' ? validateEmail(email) : validateMobile(country, national);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (request.isPending || confirm.isPending) return;
    setSubmitted(true);
    if (!sent) {
      if (!fieldError) request.mutate(value);
    } else if (!validateCode(code)) {
      confirm.mutate({ kind, value: sent.value, code }, { onSuccess: done });
    }
  };
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
            code={code}
            onCode={setCode}
            error={submitted ? validateCode(code) : undefined}
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
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={submitted && fieldError ? t(`account.validation.${fieldError}`) : undefined}
        />
      ) : (
        <MobileField
          label={t('account.editProfile.newPhone')}
          country={country}
          national={national}
          onChange={(c, n) => {
            setCountry(c);
            setNational(n);
          }}
          countryError={submitted && fieldError === 'countryRequired' ? fieldError : undefined}
          numberError={submitted && fieldError !== 'countryRequired' ? fieldError : undefined}
        />
      )}
      {error ? <FormAlert>{accountErrorText(error, t)}</FormAlert> : null}
      <PrimaryButton busy={request.isPending || confirm.isPending} data-testid="edit-save">
        {sent ? t('account.editProfile.confirm') : t('account.editProfile.sendCode')}
      </PrimaryButton>
    </form>
  );
}

function TimeZoneForm({ current }: { current: string }) {
  const { t } = useTranslation();
  // The profile's zone is always an option (UTC is not in the browser's list), and the one selected.
  const initial = current || browserTimeZone();
  const zones = useMemo(() => timeZoneOptions(initial, supportedTimeZones()), [initial]);
  const [zone, setZone] = useState(initial);
  const update = useUpdateProfile();
  const done = useDone();
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!update.isPending)
          update.mutate({ type: 'TimeZone', body: { timeZone: zone } }, { onSuccess: done });
      }}
      className={`space-y-5 p-5 sm:p-6 ${CARD}`}
    >
      <label className="block">
        <span className="mb-2 block text-sm font-medium">{t('account.profile.timeZone')}</span>
        <select
          value={zone}
          onChange={(e) => setZone(e.target.value)}
          data-testid="edit-time-zone-select"
          dir="ltr"
          className={INPUT}
        >
          {zones.map((z) => (
            <option key={z} value={z}>
              {z.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
      </label>
      {update.isError ? <FormAlert>{accountErrorText(update.error, t)}</FormAlert> : null}
      <PrimaryButton busy={update.isPending} data-testid="edit-save">
        {t('account.common.save')}
      </PrimaryButton>
    </form>
  );
}

/** edit-profile [type, name, lastName, email, phone]: one field at a time; slides from the side. */
export default function EditProfileScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('type');
  const type: EditProfileType = TYPES.includes(raw as EditProfileType) ? (raw as EditProfileType) : 'name';
  const profile = useProfileQuery();
  return (
    <StackScreen
      backTo="/bottom-tab-bar-navigator/setting"
      title={t(`account.editProfile.title_${type}`)}
      slide="side"
      testId="screen-edit-profile"
    >
      <div className="mt-4">
        {type === 'name' ? (
          <NameForm name={params.get('name') ?? ''} lastName={params.get('lastName') ?? ''} />
        ) : type === 'email' ? (
          <ContactForm kind="email" current={params.get('email') ?? ''} />
        ) : type === 'phone' ? (
          <ContactForm kind="phone" current={params.get('phone') ?? ''} />
        ) : profile.data ? (
          <TimeZoneForm current={profile.data.timeZone} />
        ) : null}
      </div>
    </StackScreen>
  );
}
